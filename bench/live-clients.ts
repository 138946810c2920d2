// `npm run bench:live-clients` (issue 47): many people on one instance at once. Serves the existing build
// (`npm run build` first) with `next start` against an emulator, signs in, and opens live event streams
// (GET /api/events, one socket each) in steps of 100, 250 and 500, reading the server's heap (after a
// collection, through bench/heap-probe.mjs) and its resident memory at each step; then, with 500 open, runs 100
// image tasks through the emulator and notes when each client receives each event. Prints memory per client and
// how linear it is, the p99 of delivery (receipt minus the event's creation, `task_events.created_at` of the
// event's id), whether every client saw every task end, and the server's CPU (/proc). A script, not a test:
// bounded in time, cleans up, exits by itself (code 1 only when something broke; a missed target prints FAIL).
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { startNext, type ServedApp } from "@/bench/app-server";
import { cpuSeconds, rssBytes } from "@/bench/proc-stats";
import { openEventStream, type SseClient } from "@/bench/sse-client";
import { printTable } from "@/bench/table";
import { startEmulator } from "@/emulator/server";
import { deliveryFigures, memoryFit, type MemoryStep } from "./live-clients-figures";

const WATCHDOG_MS = 600_000;
const STEPS = [100, 250, 500];
const TASKS = 100;
const TERMINAL = new Set(["succeeded", "failed"]);
const ADMIN = { name: "Bench Admin", email: "bench@example.com", password: "bench live clients password" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-live-"));
const heapFile = path.join(root, "heap.json");
let served: ServedApp | undefined;
const clients: SseClient[] = [];
let emulator: Awaited<ReturnType<typeof startEmulator>> | undefined;
const cleanup = async () => {
  for (const client of clients) client.close();
  if (served?.process.exitCode === null) {
    served.process.kill("SIGTERM");
    await new Promise((resolve) => served!.process.once("exit", resolve));
  }
  await emulator?.close().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
};
const abandon = async (why: string) => {
  console.error(`bench: ${why}`);
  await cleanup();
  process.exit(1);
};
setTimeout(() => void abandon(`gave up after ${WATCHDOG_MS / 1000} s`), WATCHDOG_MS).unref();
process.once("SIGINT", () => void abandon("interrupted"));

/** The server's heap after a full collection (asked of the probe by signal) and its tree's resident memory. */
async function memory(pid: number): Promise<{ heap: number; rss: number }> {
  const asked = Date.now();
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100; i += 1) {
    await sleep(100);
    if (!existsSync(heapFile)) continue;
    const usage = JSON.parse(readFileSync(heapFile, "utf8")) as { heapUsed: number; at: number };
    if (usage.at >= asked) return { heap: usage.heapUsed, rss: rssBytes(pid) };
  }
  throw new Error("the server's heap probe did not answer (is it the process that serves?)");
}

/** Opens clients until `count` are live, a few at a time (as people arrive, not as one burst). */
async function connectUpTo(base: string, cookie: string, count: number): Promise<void> {
  while (clients.length < count) {
    const batch = Array.from({ length: Math.min(25, count - clients.length) }, () => openEventStream(base, cookie));
    clients.push(...batch);
    await Promise.all(batch.map((c) => c.ready));
  }
}

try {
  emulator = await startEmulator({ port: 0, host: "127.0.0.1", timings: { imageSeconds: 2 } });
  const app = await startNext({
    cwd: process.cwd(),
    env: {
      DATA_DIR: root,
      LOG_LEVEL: "silent",
      GENERATION_API_BASE_URL: emulator.url,
      GENERATION_API_KEY: emulator.demoKey,
      BENCH_HEAP_FILE: heapFile,
    },
    ready: "/api/health",
    nodeArgs: ["--expose-gc", "--import", path.resolve("bench", "heap-probe.mjs")],
  });
  if (typeof app === "string") throw new Error(`${app} (run \`npm run build\` first)`);
  served = app;
  const { base } = app;
  const pid = app.process.pid!;
  const setup = await fetch(`${base}/api/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}`);
  // One member's session for every client: the stream has no per-member or per-session cap (lib/events/stream.ts).
  const cookie = setup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  // Warm the route once, so the first step does not carry the route's compiled code.
  const warm = openEventStream(base, cookie);
  await warm.ready;
  warm.close();
  await sleep(2_000);

  const steps: MemoryStep[] = [{ clients: 0, ...(await memory(pid)) }];
  for (const count of STEPS) {
    await connectUpTo(base, cookie, count);
    await sleep(2_000);
    steps.push({ clients: count, ...(await memory(pid)) });
  }
  const idleCpu = cpuSeconds(pid);
  await sleep(5_000);
  const idleShare = (cpuSeconds(pid) - idleCpu) / 5;

  // 100 image tasks through the engine (5 at a time, its rate budget, 5 s polls) while all 500 listen.
  const cpuBefore = cpuSeconds(pid);
  const started = Date.now();
  for (let i = 0; i < TASKS; i += 1) {
    const response = await fetch(`${base}/api/generations`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify({
        submissionId: randomUUID(),
        request: { model: "gamma-5-pro", prompt: `live clients ${i}: a harbour at dawn` },
      }),
    });
    if (response.status !== 202) throw new Error(`a submission answered ${response.status}: ${await response.text()}`);
  }
  const endedTasks = (client: SseClient) =>
    new Set(client.events.filter((e) => e.type === "task" && TERMINAL.has(e.data.view?.status ?? "")).map((e) => e.data.id)).size;
  while (Date.now() - started < 420_000 && Math.min(...clients.map(endedTasks)) < TASKS) await sleep(1_000);
  await sleep(1_000); // events of the last task's end still on their way to the slowest clients
  const seconds = (Date.now() - started) / 1000;
  const cpuBusy = cpuSeconds(pid) - cpuBefore;

  // Each event's creation, from the log the stream's ids point into.
  const log = new Database(path.join(root, "darkroom.db"), { readonly: true });
  const createdAt = new Map(
    (log.prepare("select seq, created_at from task_events").all() as { seq: number; created_at: string }[]).map((r) => [
      r.seq,
      Date.parse(r.created_at),
    ]),
  );
  log.close();
  const delivery = deliveryFigures(clients, createdAt, started);
  const complete = clients.filter((c) => endedTasks(c) >= TASKS && !c.ended()).length;
  const fit = memoryFit(steps);
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

  printTable([
    ...steps.map((s) => ({
      measure: s.clients ? `${s.clients} clients: server heap / RSS (growth per client)` : "no clients: server heap / RSS",
      result: s.clients
        ? `${mib(s.heap)} / ${mib(s.rss)} (${kib((s.heap - steps[0]!.heap) / s.clients)} / ${kib((s.rss - steps[0]!.rss) / s.clients)})`
        : `${mib(s.heap)} / ${mib(s.rss)}`,
      target: "",
    })),
    {
      measure: "heap per client (least squares over 0-500), linearity R²",
      result: `${kib(fit.heapSlope)}, R² ${fit.heapR2.toFixed(3)} (RSS ${kib(fit.rssSlope)}, R² ${fit.rssR2.toFixed(3)})`,
      target: "linear (R² ≥ 0.95)",
      ok: fit.heapR2 >= 0.95,
    },
    {
      measure: `clients that saw all ${TASKS} tasks end`,
      result: `${complete} of ${clients.length} (${delivery.events} events delivered, ${delivery.unknown} not in the log)`,
      target: `${clients.length} of ${clients.length}`,
      ok: complete === clients.length,
    },
    {
      measure: "event delivery, creation to receipt: p50 / p99 / max",
      result: `${delivery.p50} ms / ${delivery.p99} ms / ${delivery.max} ms`,
      target: "p99 ≤ 1000 ms",
      ok: delivery.p99 <= 1_000,
    },
    {
      measure: `server CPU, ${clients.length} clients idle (5 s) / while ${TASKS} tasks ran (${seconds.toFixed(0)} s)`,
      result: `${(idleShare * 100).toFixed(1)}% / ${((cpuBusy / seconds) * 100).toFixed(1)}% of one core (${cpuBusy.toFixed(1)} s)`,
      target: "",
    },
  ]);
  await cleanup();
  process.exit(0);
} catch (error) {
  await abandon(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
