// `npm run bench:throughput`: GET /api/tasks against GET /api/health at 20 connections (bench/throughput.ts)
// on the production build (`npm run build` first) with 240 seeded tasks, signed in. Prints both routes'
// throughput and p99 and their ratio, measured in the same run; exits 1 only when something broke.
import "server-only";
import { cookieHeader } from "@/bench/app-server";
import { openPageSite } from "@/bench/page-site";
import { printTable } from "@/bench/table";
import { CONNECTIONS, throughput } from "@/bench/throughput";

const TARGET = 0.8;

const site = await openPageSite();
try {
  const { tasks, health } = await throughput(site.base, cookieHeader(site.cookies));
  const ratio = tasks.rps / health.rps;
  printTable([
    {
      measure: "GET /api/tasks?limit=50",
      result: `${Math.round(tasks.rps)} req/s, p99 ${tasks.p99} ms, ${tasks.failed} failed`,
      target: "",
    },
    { measure: "GET /api/health", result: `${Math.round(health.rps)} req/s, p99 ${health.p99} ms, ${health.failed} failed`, target: "" },
    {
      measure: `throughput at ${CONNECTIONS} connections, /api/tasks ÷ /api/health`,
      result: `${ratio.toFixed(2)}×`,
      target: `≥ ${TARGET}×`,
      ok: ratio >= TARGET && tasks.failed === 0,
    },
  ]);
  if (tasks.failed > 0 || health.failed > 0) process.exitCode = 1;
} finally {
  await site.close();
}

export {};
