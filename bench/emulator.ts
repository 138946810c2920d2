// `npm run bench:emulator`: how fast the emulator synthesises media and answers task retrievals,
// printed next to its targets. A script, not a test: bounded in time and request count, loopback only,
// and it exits by itself (with code 1 when a target is missed).
import http from "node:http";
import os from "node:os";
import { benchRender } from "./render-timing";
import { ffmpegPath } from "@/lib/media/ffmpeg-path";
import { startEmulator } from "@/emulator/server";
import { printTable, type Row } from "@/bench/table";

const RENDER_RUNS = 3;
const CONNECTIONS = 16;
const WARMUP_MS = 500;
const MEASURE_MS = 5_000;
/** Each key sends at most this many requests (its task's creation included), under the 120 per 60 s limit. */
const REQUESTS_PER_KEY = 110;
/** Keys, each with its own task; when all have spent their budget the clock moves a minute on. */
const KEYS = 300;
/** A bound on the run whatever the speed. */
const MAX_REQUESTS = 1_000_000;
const WATCHDOG_MS = 180_000;

const TARGETS = { imageMs: 300, videoMs: 5_000, requestsPerSecond: 500 } as const;

// Whatever happens, the script ends.
setTimeout(() => {
  console.error(`bench: gave up after ${WATCHDOG_MS / 1000} s`);
  process.exit(2);
}, WATCHDOG_MS).unref();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);

/** One GET on a keep-alive connection: its status and how long it took, in ms. */
function get(agent: http.Agent, url: URL, path: string, key: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path, agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error("no answer within 10 s")));
    req.on("error", reject);
  });
}

async function benchRetrieval(): Promise<{
  rps: number;
  p50: number;
  p95: number;
  ok200: number;
  total: number;
  others: Map<number, number>;
  errors: number;
  keys: number;
  windows: number;
  elapsed: number;
}> {
  const emulator = await startEmulator({ port: 0, host: "127.0.0.1", timings: { imageSeconds: 1, videoSeconds: 1, refundSeconds: 0 } });
  const url = new URL(emulator.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    // Several hundred keys, each with its own task, so the rate limit never answers for the emulator.
    // "[[fail]]" tasks render nothing: no ffmpeg or sharp work competes with the measurement. A clock
    // step then settles them (failed, refunded), so each retrieval reads one finished task.
    const slots: { key: string; path: string }[] = [];
    const setup = async (i: number) => {
      const account = await fetch(`${emulator.url}/__emulator/accounts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ credits: 1_000, plan: "paid" }),
      });
      const { apiKey } = (await account.json()) as { apiKey: string };
      const created = await fetch(`${emulator.url}/v1/images/generations`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "idempotency-key": `bench-${i}` },
        body: JSON.stringify({ model: "gamma-5-pro", prompt: "bench task [[fail]]" }),
      });
      if (created.status !== 202) throw new Error(`creating the bench task answered ${created.status}: ${await created.text()}`);
      const { id } = (await created.json()) as { id: string };
      slots.push({ key: apiKey, path: `/v1/tasks/${id}` });
    };
    const setupStarted = performance.now();
    for (let i = 0; i < KEYS; i += 20) await Promise.all(Array.from({ length: Math.min(20, KEYS - i) }, (_, j) => setup(i + j)));
    await fetch(`${emulator.url}/__emulator/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceSeconds: 2 }),
    });
    console.log(`  ${slots.length} keys and tasks ready in ${ms(performance.now() - setupStarted)}`);

    // A window's budget: every key once more, round robin, up to REQUESTS_PER_KEY - 1 times. When it is
    // spent the emulator's clock moves 61 s on (one control call, its pause counted in the run), and the
    // rate limit's window starts afresh for every key.
    const windowBudget = slots.length * (REQUESTS_PER_KEY - 1);
    let windowSent = 0;
    let windows = 1;
    let rolling: Promise<void> | undefined;
    let sent = 0;
    let measuring = false;
    let stopAt = Number.POSITIVE_INFINITY;
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let errors = 0;

    const nextWindow = () =>
      (rolling ??= (async () => {
        await fetch(`${emulator.url}/__emulator/clock`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ advanceSeconds: 61 }),
        });
        windowSent = 0;
        windows += 1;
        rolling = undefined;
      })());

    const worker = async () => {
      while (sent < MAX_REQUESTS && performance.now() < stopAt) {
        if (windowSent >= windowBudget) {
          await nextWindow();
          continue;
        }
        const slot = slots[windowSent % slots.length];
        windowSent += 1;
        sent += 1;
        if (!slot) break;
        const counted = measuring;
        try {
          const answer = await get(agent, url, slot.path, slot.key);
          if (counted && measuring) {
            latencies.push(answer.ms);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          }
        } catch {
          if (counted) errors += 1;
        }
      }
    };

    // Warm-up, then the measured window; both share the key budget.
    stopAt = performance.now() + WARMUP_MS;
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    measuring = true;
    const started = performance.now();
    stopAt = started + MEASURE_MS;
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const elapsed = performance.now() - started;
    measuring = false;

    latencies.sort((a, b) => a - b);
    const total = latencies.length;
    const ok200 = statuses.get(200) ?? 0;
    statuses.delete(200);
    return {
      rps: total / (elapsed / 1000),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      ok200,
      total,
      others: statuses,
      errors,
      keys: slots.length,
      windows,
      elapsed,
    };
  } finally {
    agent.destroy();
    await emulator.close();
  }
}

console.log("Darkroom emulator benchmark");
console.log(
  `node ${process.version}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? "unknown"}), ${os.platform()} ${os.arch()}`,
);
console.log(`ffmpeg: ${ffmpegPath()}`);
console.log("");

console.log(`Rendering (median of ${RENDER_RUNS} after one warm-up each)…`);
const render = await benchRender(RENDER_RUNS);
console.log(
  `Retrieval: ${KEYS} keys with one task each, ${CONNECTIONS} keep-alive connections, ${WARMUP_MS} ms warm-up, ${MEASURE_MS / 1000} s measured…`,
);
const retrieval = await benchRetrieval();
console.log(
  `  ${retrieval.total} answers in ${ms(retrieval.elapsed)} over ${retrieval.windows} rate-limit window(s) (client and server share this process)`,
);
console.log("");

const share200 = retrieval.total === 0 ? 0 : retrieval.ok200 / retrieval.total;
const others = [...retrieval.others.entries()]
  .map(([status, n]) => `${n}× ${status}`)
  .concat(retrieval.errors ? [`${retrieval.errors} errors`] : []);
const rows: Row[] = [
  {
    measure: "image: 1024×1024 PNG synthesis",
    result: ms(render.image1024Ms),
    target: `≤ ${ms(TARGETS.imageMs)}`,
    ok: render.image1024Ms <= TARGETS.imageMs,
  },
  {
    measure: "video: 6 s 720p H.264 MP4 synthesis",
    result: ms(render.video720p6sMs),
    target: `≤ ${ms(TARGETS.videoMs)}`,
    ok: render.video720p6sMs <= TARGETS.videoMs,
  },
  {
    measure: `GET /v1/tasks/{id}, ${CONNECTIONS} conns, loopback`,
    result: `${Math.round(retrieval.rps)} req/s`,
    target: `≥ ${TARGETS.requestsPerSecond} req/s`,
    // Throughput only counts if the answers were real ones, not rate-limit refusals.
    ok: retrieval.rps >= TARGETS.requestsPerSecond && share200 >= 0.99,
  },
  { measure: "  latency p50 / p95", result: `${retrieval.p50.toFixed(2)} / ${retrieval.p95.toFixed(2)} ms`, target: "" },
  { measure: "  answered 200", result: `${(share200 * 100).toFixed(1)} % of ${retrieval.total}`, target: "≥ 99 %" },
];
if (others.length > 0) rows.push({ measure: "  other answers", result: others.join(", "), target: "" });
printTable(rows, { ok: "ok", missed: "MISSED" });

const missed = rows.filter((r) => r.ok === false);
if (missed.length > 0) {
  console.log(`\n${missed.length} target(s) missed.`);
  process.exitCode = 1;
}
