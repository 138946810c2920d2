// `npm run bench:metrics` (issue 47): GET /api/tasks throughput with metrics off and on, side by side. Two
// `next start` servers of the existing build (`npm run build` first) share one scratch folder with 240 seeded
// tasks: one without METRICS_TOKEN (nothing counted, /metrics absent), one with it and scraped every 2 s
// (Prometheus's usual interval is 15-30 s). Their loads alternate in short rounds at 20 connections so both
// meet the same machine. Judged on server CPU per request (what bounds throughput on busy cores, and steady on a
// shared machine where wall-clock req/s swings by tens of percent); the paired throughput ratio is printed too.
// Target: metrics cost at most 2%. Exits 1 only when something broke.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { pointAppAt } from "@/bench/app-env";
import { cookieHeader, serveBuild, signIn, type ServedApp } from "@/bench/app-server";
import { cpuSeconds } from "@/bench/proc-stats";
import { printTable } from "@/bench/table";

const CONNECTIONS = 20;
const ROUNDS = 6;
const SECONDS = 4;
const SCRAPE_MS = 2_000;
const TARGET = 0.02;
const TOKEN = "bench-metrics-token-0123456789abcdef";

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-metrics-"));
const config = pointAppAt(root);
const { ADMIN, archivedMedia, seedTasks, setupAdmin } = await import("./gallery-support");
const { localStore } = await import("@/lib/media/store/local");
const { closeDatabase } = await import("@/lib/db");
const { userId } = await setupAdmin();
await seedTasks({ total: 240, userId, media: await archivedMedia(localStore(config.MEDIA_DIR), 10) });
await closeDatabase();

const servers: ServedApp[] = [];
const serve = async (extra: Record<string, string>) => {
  const served = await serveBuild({ ...config, ...extra });
  if (typeof served === "string") throw new Error(served);
  servers.push(served);
  return { base: served.base, cookie: cookieHeader(await signIn(served.base, ADMIN)), pid: served.process.pid! };
};

try {
  const off = await serve({});
  const on = await serve({ METRICS_TOKEN: TOKEN });
  const scrape = () => fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());
  const first = await scrape();
  if (!first.includes("darkroom_queue_depth")) throw new Error("the metrics server does not answer /metrics");
  if ((await fetch(`${off.base}/metrics`)).status !== 404) throw new Error("the server without a token answers /metrics");

  const load = async (server: { base: string; cookie: string; pid: number }, duration: number) => {
    const cpuBefore = cpuSeconds(server.pid);
    const result = await autocannon({
      url: `${server.base}/api/tasks?limit=50`,
      connections: CONNECTIONS,
      duration,
      headers: { cookie: server.cookie },
    });
    return { ...result, cpuMs: ((cpuSeconds(server.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total) };
  };
  for (const server of [off, on]) await load(server, 2); // warm: compiled routes, caches
  type Result = Awaited<ReturnType<typeof load>>;
  const runs = { off: [] as Result[], on: [] as Result[] };
  let scrapes = 0;
  const scraper = setInterval(() => void scrape().then(() => (scrapes += 1)), SCRAPE_MS);
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternating which goes first, so neither always meets the machine after the other warmed it.
      const order = round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const);
      for (const name of order) runs[name].push(await load(name === "off" ? off : on, SECONDS));
    }
  } finally {
    clearInterval(scraper);
  }
  const rps = (name: keyof typeof runs) => runs[name].reduce((s, r) => s + r.requests.average, 0) / ROUNDS;
  const p99 = (name: keyof typeof runs) => Math.max(...runs[name].map((r) => r.latency.p99));
  const failed = (name: keyof typeof runs) => runs[name].reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0);
  const cpuMs = (name: keyof typeof runs) =>
    runs[name].reduce((s, r) => s + r.cpuMs * r.requests.total, 0) / runs[name].reduce((s, r) => s + r.requests.total, 0);
  const cpuCost = cpuMs("on") / cpuMs("off") - 1;
  // Each round's two legs ran back to back: their ratio is the figure least moved by the machine's other work
  // (a shared machine's load drifts over seconds); the median of the rounds is the result, the spread its noise.
  const costs = runs.on.map((r, i) => 1 - r.requests.average / runs.off[i]!.requests.average).sort((a, b) => a - b);
  const median = (costs[(ROUNDS - 1) >> 1]! + costs[ROUNDS >> 1]!) / 2;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  printTable([
    {
      measure: "GET /api/tasks?limit=50, metrics off",
      result: `${Math.round(rps("off"))} req/s, p99 ${p99("off")} ms, ${cpuMs("off").toFixed(2)} ms CPU a request`,
      target: "",
    },
    {
      measure: `GET /api/tasks?limit=50, metrics on (scraped every ${SCRAPE_MS / 1000} s, ${scrapes} scrapes)`,
      result: `${Math.round(rps("on"))} req/s, p99 ${p99("on")} ms, ${cpuMs("on").toFixed(2)} ms CPU a request`,
      target: "",
    },
    {
      measure: "cost of metrics in server CPU a request (scrapes included), all rounds",
      result: pct(cpuCost),
      target: `≤ ${TARGET * 100}%`,
      ok: cpuCost <= TARGET && failed("on") === 0 && failed("off") === 0,
    },
    {
      measure: `cost in throughput, median of ${ROUNDS} paired rounds (${SECONDS} s a leg, ${CONNECTIONS} connections)`,
      result: `${pct(median)} (rounds from ${pct(costs[0]!)} to ${pct(costs.at(-1)!)}: the machine's noise)`,
      target: "",
    },
  ]);
  if (failed("on") > 0 || failed("off") > 0) process.exitCode = 1;
} finally {
  for (const served of servers) {
    served.process.kill("SIGTERM");
    await new Promise((resolve) => served.process.once("exit", resolve));
  }
  rmSync(root, { recursive: true, force: true });
}

export {};
