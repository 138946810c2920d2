// Support for `npm run bench:gallery` (bench/gallery.ts): real archived media from the emulator,
// a fast bulk seed of the tasks table, and timing of the tasks route called in-process. Loaded only after
// bench-gallery.ts has pointed the environment at a temporary folder: the modules below read it.
import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { POST as setupRoute } from "@/app/api/setup/route";
import { GET as tasksRoute } from "@/app/api/tasks/route";
import { database } from "@/lib/db";
import type { TaskRow } from "@/lib/db/tasks";
import { startEmulator } from "@/emulator/server";
import { migrate } from "@/lib/migrate";
import { archiveResult, type ArchivedResult } from "@/lib/media/fetch-result";
import type { MediaStore } from "@/lib/media/store";
import { createUpstreamClient } from "@/lib/upstream/client";

const ORIGIN = "http://localhost:3000";
export const ADMIN = { name: "Bench Admin", email: "bench@example.com", password: "bench password 1" };
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Migrates and creates the first admin through the setup route; answers their id and Cookie header. */
export async function setupAdmin(): Promise<{ userId: string; cookie: string }> {
  await migrate();
  const response = await setupRoute(
    new Request(`${ORIGIN}/api/setup`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    }),
    { params: Promise.resolve({}) },
  );
  if (response.status !== 201) throw new Error(`setup answered ${response.status}`);
  const { member } = (await response.json()) as { member: { id: string } };
  return {
    userId: member.id,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}

export interface Media extends ArchivedResult {
  thumbnailBytes: number;
}

/** `count` gamma images rendered by the emulator and archived as the engine archives them. */
export async function archivedMedia(store: MediaStore, count: number): Promise<Media[]> {
  const emulator = await startEmulator({ port: 0, host: "127.0.0.1", timings: { imageSeconds: 0.2, videoSeconds: 1, refundSeconds: 1 } });
  try {
    // An account per five images (the emulator's image concurrency limit), all rendering at once.
    const clients = await Promise.all(
      Array.from({ length: Math.ceil(count / 5) }, async () => {
        const created = await fetch(`${emulator.url}/__emulator/accounts`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        const { apiKey } = (await created.json()) as { apiKey: string };
        return createUpstreamClient({ baseUrl: emulator.url, apiKey, timeoutMs: 15_000 });
      }),
    );
    return await Promise.all(Array.from({ length: count }, (_, i) => renderOne(clients[Math.floor(i / 5)]!, store, i)));
  } finally {
    await emulator.close();
  }
}

async function renderOne(client: ReturnType<typeof createUpstreamClient>, store: MediaStore, i: number): Promise<Media> {
  const body = JSON.stringify({ model: "gamma-5-pro", prompt: `bench gallery ${i}: a quiet harbour at dawn, boats and gulls` });
  const created = await client.createImage(body, randomUUID());
  if (!created.ok) throw new Error(`creating image ${i} failed: ${created.kind}`);
  // The emulator refreshes a task's answer at most every 5 s, as the real API does.
  for (let tries = 0; tries < 20; tries += 1) {
    await sleep(tries === 0 ? 5_100 : 1_000);
    const task = await client.getTask(created.value.id);
    const url = task.ok && task.value.status === "succeeded" ? task.value.data?.[0]?.url : undefined;
    if (url) {
      // The bench emulator is the upstream.
      const archived = await archiveResult({ store, taskId: created.value.id, idx: 0, url, upstreamBaseUrl: new URL(url).origin });
      return { ...archived, thumbnailBytes: (await store.head(archived.thumbnail))?.size ?? 0 };
    }
    if (task.ok && task.value.status === "failed") throw new Error(`image ${i} failed upstream`);
  }
  throw new Error(`image ${i} did not finish`);
}

const BATCH = 1_000;

/** Which archived image a seeded task shows; none for the failed ones (every tenth, ending in 9). */
export function mediaOf(media: Media[], taskId: string): Media | undefined {
  const n = Number(taskId.slice(-6));
  return n % 10 === 9 ? undefined : media[n % media.length];
}

/** `total` tasks, newest first one second apart, 1 in 100 hidden, 1 in 10 failed; each success reuses one of `media`. */
export async function seedTasks({ total, userId, media }: { total: number; userId: string; media: Media[] }): Promise<void> {
  const newest = Date.parse("2026-11-01T12:00:00.000Z");
  for (let start = 0; start < total; start += BATCH) {
    const tasks: TaskRow[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i += 1) {
      const at = new Date(newest - i * 1000).toISOString();
      const failed = i % 10 === 9; // kept in step with mediaOf
      const prompt = `bench task ${i}: a quiet harbour at dawn`;
      tasks.push({
        id: `task_bench_${String(i).padStart(6, "0")}`,
        traceparent: null,
        submission_id: null,
        user_id: userId,
        model: "gamma-5-pro",
        kind: "image",
        params: JSON.stringify({ model: "gamma-5-pro", prompt }),
        prompt,
        status: failed ? "failed" : "succeeded",
        error_code: failed ? "content_policy" : null,
        error_message: null,
        credits_reserved: 44,
        credits_used: failed ? 0 : 44,
        credits_refunded: failed ? 44 : null,
        upstream_created_at: at,
        upstream_updated_at: at,
        completed_at: at,
        overdue: 0,
        lost: 0,
        not_found_count: 0,
        media_deleted_at: null,
        archive_state: failed ? "none" : "done",
        archive_attempts: 0,
        archive_error: null,
        next_poll_at: null,
        last_polled_at: null,
        lease_until: null,
        lease_owner: null,
        lease_version: 0,
        hidden: i % 100 === 50 ? 1 : 0,
        favourite: 0,
        upstream_raw: null,
        unreadable: null,
        refund_unconfirmed: 0,
        legacy: 0,
        view_version: 0,
        view_hash: null,
        created_at: at,
        updated_at: at,
      });
    }
    const results = tasks.flatMap((t) => {
      const m = mediaOf(media, t.id);
      return m
        ? [
            {
              task_id: t.id,
              idx: 0,
              upstream_url: "https://upstream.example/bench.png",
              file: m.file,
              thumbnail: m.thumbnail,
              content_type: m.contentType,
              bytes: m.bytes,
              width: m.width,
              height: m.height,
            },
          ]
        : [];
    });
    // One transaction per thousand: a commit per row would take minutes on SQLite.
    await database()
      .db.transaction()
      .execute(async (trx) => {
        // SQLite takes at most 32,766 bound values per statement: 500 rows of ~40 columns stay under it.
        for (let at = 0; at < tasks.length; at += 500)
          await trx
            .insertInto("tasks")
            .values(tasks.slice(at, at + 500))
            .execute();
        if (results.length) await trx.insertInto("task_results").values(results).execute();
      });
  }
  await sql`analyze`.execute(database().db);
}

/** GET /api/tasks called as Next calls it; answers the time in ms and the parsed body. */
export async function getTasks(
  query: string,
  cookie: string,
): Promise<{ ms: number; bytes: number; json: { tasks: { id: string }[]; nextCursor: string | null } }> {
  const started = performance.now();
  const response = await tasksRoute(new Request(`${ORIGIN}/api/tasks${query}`, { headers: { origin: ORIGIN, cookie } }), {
    params: Promise.resolve({}),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET /api/tasks${query} answered ${response.status}`);
  return { ms, bytes: Buffer.byteLength(text), json: JSON.parse(text) };
}
