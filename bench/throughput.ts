// GET /api/tasks against GET /api/health under 20 connections, on a running `next start`: what a signed-in
// list read costs beyond the cheapest route there is. The two alternate in short rounds so that both meet
// the same machine load; the ratio is the figure to read on a busy machine.
import autocannon from "autocannon";

const CONNECTIONS = 20;
const ROUNDS = 2;
const SECONDS = 5;

export interface RouteLoad {
  rps: number;
  p99: number;
  failed: number;
}

export interface Throughput {
  tasks: RouteLoad;
  health: RouteLoad;
}

async function load(url: string, cookie: string, duration: number) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
}

export async function throughput(base: string, cookie: string): Promise<Throughput> {
  const routes = { tasks: `${base}/api/tasks?limit=50`, health: `${base}/api/health` };
  for (const url of Object.values(routes)) await load(url, cookie, 2); // warm: compiled routes, caches
  const runs: Record<keyof typeof routes, Awaited<ReturnType<typeof load>>[]> = { tasks: [], health: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of ["tasks", "health"] as const) runs[name].push(await load(routes[name], cookie, SECONDS));
  }
  const sum = (name: keyof typeof routes): RouteLoad => ({
    rps: runs[name].reduce((s, r) => s + r.requests.average, 0) / ROUNDS,
    p99: Math.max(...runs[name].map((r) => r.latency.p99)),
    failed: runs[name].reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0),
  });
  return { tasks: sum("tasks"), health: sum("health") };
}

export { CONNECTIONS };
