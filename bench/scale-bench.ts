// npm run bench:scale: 1, 2 and 3 Darkroom instances (role all) on one Postgres, s3rver and the emulator
// behind a recording proxy. Per count: combined upstream requests in the busiest 60 s (must stay ≤ 110, the
// shared budget), Darkroom's GET /api/tasks throughput across the instances (autocannon), and the delay from
// a change published on one instance to the SSE event on the first.
// Postgres: TEST_DATABASE_URL, else .ci/start-postgres. Ports: SCALE_PORT (default 3132), SCALE_EMULATOR_PORT (4132).
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { ensureBuild } from "./scale/cluster";
import { percentile } from "./scale/figures";
import { runScenario } from "./scale/scenario";
import { printTable, type Row } from "./table";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const serverUrl = process.env.TEST_DATABASE_URL ?? execFileSync(".ci/start-postgres", { encoding: "utf8" }).trim();
const base = Number(process.env.SCALE_PORT ?? 3132);
const ports = { instances: [base, base + 1, base + 2, base + 3], emulator: Number(process.env.SCALE_EMULATOR_PORT ?? 4132) };
const CREATIONS = Number(process.env.SCALE_CREATIONS ?? 40);
const LOAD_SECONDS = 8;

await ensureBuild();
const rows: Row[] = [];
for (const count of [1, 2, 3]) {
  const result = await runScenario({ label: `bench-${count}`, roles: Array(count).fill("all"), creations: CREATIONS, serverUrl, ports });
  try {
    // The same number of connections in all, split over the instances, as a load balancer would.
    const load = await Promise.all(
      result.instances.map((instance) =>
        autocannon({
          url: `${instance.url}/api/tasks?limit=50`,
          connections: Math.max(1, Math.round(12 / count)),
          duration: LOAD_SECONDS,
          headers: { cookie: result.cookie },
        }),
      ),
    );
    const perSecond = load.reduce((sum, run) => sum + run.requests.average, 0);
    const failed = load.reduce((sum, run) => sum + run.non2xx, 0);
    const p99 = percentile(result.eventDelaysMs, 99);
    rows.push(
      {
        measure: `${count}: upstream requests, busiest 60 s`,
        result: String(result.peakRequestsPerMinute),
        target: "≤ 110",
        ok: result.peakRequestsPerMinute <= 110,
      },
      { measure: `${count}: upstream 429s`, result: String(result.status429), target: "0", ok: result.status429 === 0 },
      {
        measure: `${count}: GET /api/tasks (${load.length} × ${Math.max(1, Math.round(12 / count))} connections, ${LOAD_SECONDS} s)`,
        result: `${perSecond.toFixed(0)} req/s, p99 ${Math.max(...load.map((run) => run.latency.p99))} ms${failed ? `, ${failed} non-2xx` : ""}`,
        target: "",
      },
      {
        measure: `${count}: event delay to the SSE client on instance 1`,
        result: `p50 ${percentile(result.eventDelaysMs, 50)} ms, p99 ${p99} ms (${result.eventDelaysMs.length})`,
        target: "p99 ≤ 1000 ms",
        ok: p99 <= 1_000,
      },
      {
        measure: `${count}: tasks archived`,
        result: `${result.tasks - result.notDone}/${CREATIONS} in ${result.durationSeconds.toFixed(0)} s`,
        target: "",
      },
    );
  } finally {
    await result.stop();
  }
}
printTable(rows);
process.exit(0);
