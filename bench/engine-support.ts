// Support for `npm run bench:engine` (bench/engine.ts): engines ("lanes") that each talk to their own
// emulator through a counting UpstreamClient, and "open pages" that read the real events route
// (app/api/events/route.ts) as server-sent events over loopback HTTP. Loaded by bench.ts only after it has
// pointed the environment (DATA_DIR, DATABASE_URL, LOG_LEVEL) at a temporary folder: this module reads it.
import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { POST as setupRoute } from "@/app/api/setup/route";
import { GET as eventsRoute } from "@/app/api/events/route";
import { connect, type Connection } from "@/lib/db/connect";
import { migrateDarkroom } from "@/lib/db/migrate";
import { getSubmission } from "@/lib/db/submissions";
import { getTaskRow, type TaskRow } from "@/lib/db/tasks";
import { startEmulator, type RunningEmulator } from "@/emulator/server";
import { migrate } from "@/lib/migrate";
import { localStore } from "@/lib/media/store/local";
import { createUpstreamClient, type UpstreamClient } from "@/lib/upstream/client";
import type { UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import type { Engine } from "@/lib/tasks/engine/context";
import { publishTaskEvent, type LiveEvent } from "@/lib/events/bus";
import { tickOnce } from "@/lib/tasks/engine/loop";
import { keyIdOf } from "@/lib/tasks/engine/rate-budget";
import { submit } from "@/lib/tasks/submit";

import { TICK_MS } from "@/lib/tasks/engine/loop";
import { printTable, type Row } from "@/bench/table";

export { printTable, type Row };

export { TICK_MS };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const BODIES = {
  gamma: (i: number) => ({ model: "gamma-5-pro", prompt: `bench image ${i}: a quiet harbour at dawn` }),
  epsilon: (i: number) => ({
    model: "epsilon-v6",
    mode: "text-to-video",
    prompt: `bench video ${i}: a quiet harbour at dawn`,
    quality: "360p",
    duration: 1,
  }),
};

// ---- counting the upstream requests ---------------------------------------------------------------

export interface TaskFacts {
  taskId: string;
  model: string;
  /** Emulator's created_at (acceptance), ms. */
  createdAt: number;
  /** Emulator's updated_at of the first succeeded answer (the instant it finished), ms. */
  succeededAt?: number;
  /** When the engine received that answer (Date.now()), ms. */
  observedAt?: number;
  /** Creation attempts (the same Idempotency-Key) plus retrievals. */
  requests: number;
}

/** Every request the engine sends upstream, by task, and every failure by kind. */
export class Counter {
  requests = 0;
  readonly failures = new Map<string, number>();
  private readonly attemptsByKey = new Map<string, number>();
  private readonly keyOfTask = new Map<string, string>();
  private readonly getsByTask = new Map<string, number>();
  private readonly facts = new Map<string, Omit<TaskFacts, "requests">>();
  /** Task id → when the creation was answered, then when each retrieval was sent (Date.now()). */
  private readonly sendTimes = new Map<string, number[]>();

  private note(outcome: UpstreamOutcome<Task>): void {
    if (!outcome.ok) this.failures.set(outcome.kind, (this.failures.get(outcome.kind) ?? 0) + 1);
  }

  async creation(key: string | undefined, send: () => Promise<UpstreamOutcome<Task>>): Promise<UpstreamOutcome<Task>> {
    const k = key ?? `no-key-${randomUUID()}`;
    this.requests += 1;
    this.attemptsByKey.set(k, (this.attemptsByKey.get(k) ?? 0) + 1);
    const outcome = await send();
    this.note(outcome);
    if (outcome.ok && !this.keyOfTask.has(outcome.value.id)) {
      const task = outcome.value;
      this.keyOfTask.set(task.id, k);
      this.facts.set(task.id, {
        taskId: task.id,
        model: task.model ?? "unknown",
        createdAt: Date.parse(task.created_at ?? new Date().toISOString()),
      });
      this.sendTimes.set(task.id, [Date.now()]);
    }
    return outcome;
  }

  async retrieval(id: string, send: () => Promise<UpstreamOutcome<Task>>): Promise<UpstreamOutcome<Task>> {
    this.requests += 1;
    this.getsByTask.set(id, (this.getsByTask.get(id) ?? 0) + 1);
    this.sendTimes.get(id)?.push(Date.now());
    const outcome = await send();
    this.note(outcome);
    const fact = this.facts.get(id);
    if (outcome.ok && outcome.value.status === "succeeded" && fact && fact.succeededAt === undefined && outcome.value.updated_at) {
      fact.succeededAt = Date.parse(outcome.value.updated_at);
      fact.observedAt = Date.now();
    }
    return outcome;
  }

  tasks(): TaskFacts[] {
    return [...this.facts.values()].map((fact) => {
      const key = this.keyOfTask.get(fact.taskId);
      return { ...fact, requests: (key ? (this.attemptsByKey.get(key) ?? 0) : 0) + (this.getsByTask.get(fact.taskId) ?? 0) };
    });
  }

  /** Time between one task's creation answer and its first retrieval, and between its retrievals, ms. */
  pollIntervals(): number[] {
    return [...this.sendTimes.values()].flatMap((times) => times.slice(1).map((at, i) => at - (times[i] ?? at)));
  }

  /** 429s the engine brought on itself (the upstream's rate or concurrency limit). */
  selfInflicted429s(): number {
    return (this.failures.get("rate_limited") ?? 0) + (this.failures.get("concurrency_limited") ?? 0);
  }
}

function counting(client: UpstreamClient, counter: Counter): UpstreamClient {
  return {
    createVideo: (body, key) => counter.creation(key, () => client.createVideo(body, key)),
    createImage: (body, key) => counter.creation(key, () => client.createImage(body, key)),
    createLegacyVideo: (body, key) => counter.creation(key, () => client.createLegacyVideo(body, key)),
    getTask: (id) => counter.retrieval(id, () => client.getTask(id)),
    getLegacyTask: (id) => counter.retrieval(id, () => client.getLegacyTask(id)),
  };
}

// ---- a lane: one emulator, one fresh account, one engine on its own database, ticking in real time ----

export interface Timings {
  imageSeconds: number;
  videoSeconds: number;
  refundSeconds: number;
}

export interface Lane {
  name: string;
  timings: Timings;
  counter: Counter;
  engine: Engine;
  /** Stores the submissions (as the generations route does) and kicks the engine; answers their ids. */
  submit(bodies: Record<string, unknown>[]): Promise<string[]>;
  /** Until every submission is rejected or its task is terminal with its archive settled. */
  settle(ids: string[], timeoutMs: number): Promise<{ rejected: string[]; tasks: TaskRow[] }>;
  errors: string[];
  close(): Promise<void>;
}

export async function startLane({
  name,
  timings,
  root,
  userId,
}: {
  name: string;
  timings: Timings;
  root: string;
  userId: string;
}): Promise<Lane> {
  // EMULATOR_PROFILE (a JSON object) plays another reading of the spec, e.g. {"rateLimitBody":"plain","retryAfter":"absent"}.
  const profile = process.env.EMULATOR_PROFILE ? (JSON.parse(process.env.EMULATOR_PROFILE) as Record<string, unknown>) : undefined;
  const emulator: RunningEmulator = await startEmulator({ port: 0, host: "127.0.0.1", timings, ...(profile ? { profile } : {}) });
  let connection: Connection | undefined;
  try {
    const created = await fetch(`${emulator.url}/__emulator/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    if (created.status !== 201) throw new Error(`creating an emulator account answered ${created.status}`);
    const { apiKey } = (await created.json()) as { apiKey: string };
    const folder = path.join(root, name);
    await mkdir(folder, { recursive: true });
    connection = connect(path.join(folder, "darkroom.db"));
    await migrateDarkroom(connection.db);
    const counter = new Counter();
    const engine: Engine = {
      connection,
      client: counting(createUpstreamClient({ baseUrl: emulator.url, apiKey, timeoutMs: 15_000 }), counter),
      upstreamBaseUrl: emulator.url,
      keyId: keyIdOf(apiKey),
      media: localStore(path.join(folder, "media")),
      plan: "free",
      now: () => new Date(),
      owner: randomUUID(),
      publish: publishTaskEvent, // the process's bus, which the events route relays to open pages
    };
    return running(name, timings, emulator, connection, counter, engine, userId);
  } catch (error) {
    await connection?.db.destroy();
    await emulator.close();
    throw error;
  }
}

function running(
  name: string,
  timings: Timings,
  emulator: RunningEmulator,
  connection: Connection,
  counter: Counter,
  engine: Engine,
  userId: string,
): Lane {
  const errors: string[] = [];
  // The loop of lib/tasks/loop.ts (its tick: poll, then dispatch), never overlapping.
  let busy: Promise<void> | undefined;
  const tick = async () => {
    if (busy) return;
    busy = (async () => {
      try {
        await tickOnce(engine);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    })();
    await busy;
    busy = undefined;
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  const { db } = connection;

  return {
    name,
    timings,
    counter,
    engine,
    errors,
    async submit(bodies) {
      const ids: string[] = [];
      for (const request of bodies) {
        const model = String(request.model);
        const kind = model === "gamma-5-pro" || model === "delta-image-2" ? "image" : "video";
        const { submissions } = await submit({
          connection,
          submission: { id: randomUUID(), userId, model, kind, endpoint: kind === "image" ? "images" : "videos", request },
        });
        ids.push(...submissions.map((s) => s.id));
      }
      void tick(); // as kickEngine() after a submission
      return ids;
    },
    async settle(ids, timeoutMs) {
      const giveUp = Date.now() + timeoutMs;
      for (;;) {
        const rejected: string[] = [];
        const tasks: TaskRow[] = [];
        let open = 0;
        for (const id of ids) {
          const submission = await getSubmission(db, { id });
          if (submission?.state === "rejected") rejected.push(id);
          const task = submission?.task_id ? await getTaskRow(db, { id: submission.task_id }) : undefined;
          if (task) tasks.push(task);
          const done =
            submission?.state === "rejected" ||
            (task !== undefined &&
              (task.status === "failed" ||
                (task.status === "succeeded" && task.archive_state !== "pending" && task.archive_state !== "none")));
          if (!done) open += 1;
        }
        if (open === 0) return { rejected, tasks };
        if (Date.now() > giveUp)
          throw new Error(`${name}: ${open} of ${ids.length} submissions not finished within ${Math.round(timeoutMs / 1000)} s`);
        await sleep(100);
      }
    },
    async close() {
      clearInterval(timer);
      await busy;
      await emulator.close();
      await connection.db.destroy();
    },
  };
}

// ---- open pages: real SSE connections to the events route --------------------------------------------

export interface Page {
  /** Task id → when this page received the task's first "succeeded" event (Date.now()). */
  succeeded: Map<string, number>;
  events: number;
}

export interface Pages {
  pages: Page[];
  close(): void;
}

export interface EventsServer {
  url: string;
  /** A signed-in member's session cookie and id (the route answers signed-in members only). */
  cookie: string;
  userId: string;
  open(count: number): Promise<Pages>;
  close(): Promise<void>;
}

/**
 * Migrates the app database, makes the first admin through POST /api/setup (which signs them in), and
 * serves GET /api/events from the route module itself on a loopback port, as Next would hand it the
 * request. Pages are fetch() clients that parse the event stream.
 */
export async function startEventsServer(): Promise<EventsServer> {
  await migrate();
  const origin = "http://localhost:3000";
  const setup = await setupRoute(
    new Request(`${origin}/api/setup`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bench Admin", email: "bench@example.com", password: "bench password 123" }),
    }),
    { params: Promise.resolve({}) },
  );
  if (setup.status !== 201) throw new Error(`POST /api/setup answered ${setup.status}: ${await setup.text()}`);
  const cookie = setup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { member } = (await setup.json()) as { member: { id: string } };

  const server = http.createServer((req, res) => {
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    void (async () => {
      const response = await eventsRoute(new Request(`${origin}${req.url ?? "/"}`, { headers, signal: abort.signal }), {
        params: Promise.resolve({}),
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.flushHeaders();
      if (!response.body) return void res.end();
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
        }
      } catch {
        // the page went away
      }
      res.end();
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`;

  return {
    url,
    cookie,
    userId: member.id,
    async open(count) {
      const aborts: AbortController[] = [];
      const pages = await Promise.all(
        Array.from({ length: count }, async () => {
          const abort = new AbortController();
          aborts.push(abort);
          const response = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal: abort.signal });
          if (response.status !== 200 || !response.body) throw new Error(`GET /api/events answered ${response.status}`);
          const page: Page = { succeeded: new Map(), events: 0 };
          void read(response.body, page);
          return page;
        }),
      );
      return {
        pages,
        close() {
          for (const abort of aborts) abort.abort();
        },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function read(body: ReadableStream<Uint8Array>, page: Page): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const at = Date.now();
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").find((line) => line.startsWith("data: "));
        if (!data) continue;
        const event = JSON.parse(data.slice(6)) as Partial<LiveEvent>;
        if (event.type !== "task" && event.type !== "submission") continue; // hello, reset
        page.events += 1;
        // The upstream's success, heard while its results are still being archived ("archiving") or after.
        const succeeded = event.type === "task" && (event.view?.status === "succeeded" || event.view?.status === "archiving");
        if (succeeded && !page.succeeded.has(event.id!)) page.succeeded.set(event.id!, at);
      }
    }
  } catch {
    // closed by the bench
  }
}

// ---- figures ---------------------------------------------------------------------------------------

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "n/a");
