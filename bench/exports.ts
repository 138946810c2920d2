// `npm run bench:exports`: the tasks CSV of 100,000 tasks streamed through the real route (GET
// /api/exports/tasks.csv, signed in as an admin) from a temporary SQLite database, and the usage CSV after
// it. Prints rows, bytes, time, and the peak growth of RSS and of the JS heap over the figures before the
// export began, sampled while the body streams, and the live heap (after a full collection every 2 MB of
// output): flat memory means the live heap stays at about a page of rows however large the file grows. A script, not a test: bounded in time, cleans up, exits by itself.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";

const TOTAL = 100_000;
const BATCH = 1_000;
const WATCHDOG_MS = 300_000;

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-exports-"));
// EXPORTS_DATABASE_URL=postgres://…/empty_db runs the same on Postgres (an empty database: it is filled, not dropped).
const postgresUrl = process.env.EXPORTS_DATABASE_URL;
pointAppAt(root, postgresUrl);
const cleanup = () => rmSync(root, { recursive: true, force: true });
setTimeout(() => {
  console.error(`bench: gave up after ${WATCHDOG_MS / 1000} s`);
  cleanup();
  process.exit(1);
}, WATCHDOG_MS).unref();

const { printTable } = await import("@/bench/table");
const { closeDatabase, database } = await import("@/lib/db");
const { migrate } = await import("@/lib/migrate");
const { POST: setupRoute } = await import("@/app/api/setup/route");
const { GET: tasksCsv } = await import("@/app/api/exports/tasks.csv/route");
const { GET: usageCsv } = await import("@/app/api/exports/usage.csv/route");

const ORIGIN = "http://localhost:3000";
const MB = 1_048_576;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

async function setup(): Promise<{ userId: string; cookie: string }> {
  await migrate();
  const response = await setupRoute(
    new Request(`${ORIGIN}/api/setup`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench Admin", email: "bench@example.com", password: "bench password 1" }),
    }),
    { params: Promise.resolve({}) },
  );
  if (response.status !== 201) throw new Error(`setup answered ${response.status}`);
  const { member } = (await response.json()) as { member: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { userId: member.id, cookie };
}

async function seed(userId: string): Promise<number> {
  const started = performance.now();
  const first = Date.parse("2026-08-01T00:00:00.000Z");
  for (let start = 0; start < TOTAL; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, TOTAL - start) }, (_, j) => {
      const i = start + j;
      const at = new Date(first + i * 60_000).toISOString();
      const failed = i % 10 === 9;
      const prompt = `bench task ${i}: a quiet harbour at dawn, "fog", =not a formula, café ${i % 7}`;
      return {
        id: `task_bench_${String(i).padStart(6, "0")}`,
        user_id: userId,
        model: i % 3 === 0 ? "alpha-2.3" : "gamma-5-pro",
        kind: i % 3 === 0 ? ("video" as const) : ("image" as const),
        params: JSON.stringify({ model: "gamma-5-pro", prompt, aspect_ratio: "16:9", quality: "high" }),
        prompt,
        status: failed ? ("failed" as const) : ("succeeded" as const),
        error_code: failed ? "generation_failed" : null,
        credits_reserved: 44,
        credits_used: failed ? null : 44,
        credits_refunded: failed ? 44 : null,
        created_at: at,
        updated_at: at,
      };
    });
    await database().db.insertInto("tasks").values(rows).execute();
  }
  return (performance.now() - started) / 1000;
}

interface Figures {
  rows: number;
  bytes: number;
  seconds: number;
  rssPeakMb: number;
  heapPeakMb: number;
  /** The heap still in use after a full collection, sampled every 2 MB of output: what the export holds. */
  liveHeapPeakMb: number;
}

/** Streams one export through its route, counting lines and bytes while sampling memory. */
async function measure(handler: typeof tasksCsv, url: string, cookie: string): Promise<Figures> {
  gc();
  const base = process.memoryUsage();
  let rssPeak = base.rss;
  let heapPeak = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  const started = performance.now();
  const response = await handler(new Request(`${ORIGIN}${url}`, { headers: { cookie } }));
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const reader = response.body!.getReader();
  let bytes = 0;
  let lines = 0;
  let liveHeapPeak = base.heapUsed;
  let nextCheck = 2 * MB;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 0x0a) lines += 1;
    sample();
    if (bytes >= nextCheck) {
      nextCheck += 2 * MB;
      gc();
      liveHeapPeak = Math.max(liveHeapPeak, process.memoryUsage().heapUsed);
    }
  }
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  return {
    rows: lines - 1,
    bytes,
    seconds,
    rssPeakMb: (rssPeak - base.rss) / MB,
    heapPeakMb: (heapPeak - base.heapUsed) / MB,
    liveHeapPeakMb: (liveHeapPeak - base.heapUsed) / MB,
  };
}

try {
  const { userId, cookie } = await setup();
  const seedSeconds = await seed(userId);
  console.log(`seeded ${TOTAL.toLocaleString("en")} tasks in ${seedSeconds.toFixed(1)} s (${postgresUrl ? "Postgres" : "SQLite"})`);
  const tasks = await measure(tasksCsv, "/api/exports/tasks.csv", cookie);
  const usage = await measure(usageCsv, "/api/exports/usage.csv", cookie);
  const rows = (name: string, f: Figures, target: boolean) => [
    { measure: `${name}: rows, size`, result: `${f.rows.toLocaleString("en")} rows, ${(f.bytes / MB).toFixed(1)} MB`, target: "" },
    {
      measure: `${name}: time`,
      result: `${f.seconds.toFixed(2)} s (${Math.round(f.rows / f.seconds).toLocaleString("en")} rows/s)`,
      target: "",
    },
    { measure: `${name}: peak RSS growth (over RSS after seeding)`, result: `${f.rssPeakMb.toFixed(1)} MB`, target: "" },
    { measure: `${name}: peak heap growth (garbage included)`, result: `${f.heapPeakMb.toFixed(1)} MB`, target: "" },
    {
      measure: `${name}: peak live heap growth`,
      result: `${f.liveHeapPeakMb.toFixed(1)} MB`,
      target: target ? "< 5 MB (a page of rows, not the file)" : "",
      ok: target ? f.liveHeapPeakMb < 5 : undefined,
    },
  ];
  printTable([...rows("tasks.csv", tasks, true), ...rows("usage.csv", usage, false)]);
  if (tasks.rows !== TOTAL) throw new Error(`expected ${TOTAL} rows, got ${tasks.rows}`);
} finally {
  await closeDatabase();
  cleanup();
}
