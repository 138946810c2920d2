// `npm run bench:metrics` (issue 47): GET /api/tasks throughput with metrics off and on, side by side. Two
// `next start` servers of the existing build (`npm run build` first) share one scratch folder with 240 seeded
// tasks: one without METRICS_TOKEN (nothing counted, /metrics absent), one with it and scraped every 2 s
// (Prometheus's usual interval is 15-30 s). Their loads alternate in short rounds at 20 connections so both
// meet the same machine. Target: metrics cost at most 2% of the throughput. Exits 1 only when something broke.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { pointAppAt } from "@/bench/app-env";
import { cookieHeader, serveBuild, signIn, type ServedApp } from "@/bench/app-server";
import { printTable } from "@/bench/table";

const CONNECTIONS = 20;
const ROUNDS = 3;
const SECONDS = 5;
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
  return { base: served.base, cookie: cookieHeader(await signIn(served.base, ADMIN)) };
};

try {
  const off = await serve({});
  const on = await serve({ METRICS_TOKEN: TOKEN });
  const scrape = () => fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text());
  const first = await scrape();
  if (!first.includes("darkroom_queue_depth")) throw new Error("the metrics server does not answer /metrics");
  if ((await fetch(`${off.base}/metrics`)).status !== 404) throw new Error("the server without a token answers /metrics");

  const load = (server: { base: string; cookie: string }, duration: number) =>
    autocannon({ url: `${server.base}/api/tasks?limit=50`, connections: CONNECTIONS, duration, headers: { cookie: server.cookie } });
  for (const server of [off, on]) await load(server, 2); // warm: compiled routes, caches
  type Result = Awaited<ReturnType<typeof autocannon>>;
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
  const cost = 1 - rps("on") / rps("off");
  printTable([
    { measure: "GET /api/tasks?limit=50, metrics off", result: `${Math.round(rps("off"))} req/s, p99 ${p99("off")} ms`, target: "" },
    {
      measure: `GET /api/tasks?limit=50, metrics on (scraped every ${SCRAPE_MS / 1000} s, ${scrapes} scrapes)`,
      result: `${Math.round(rps("on"))} req/s, p99 ${p99("on")} ms`,
      target: "",
    },
    {
      measure: `throughput cost of metrics, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS} s each`,
      result: `${(cost * 100).toFixed(1)}%`,
      target: `≤ ${TARGET * 100}%`,
      ok: cost <= TARGET && failed("on") === 0 && failed("off") === 0,
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
