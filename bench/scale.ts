// npm run test:scale: several Darkroom processes on one throwaway Postgres, s3rver and the emulator (behind
// a recording proxy). Run 1: web, web, worker; run 2: all, all, all. About 40 creations through the
// instances that serve the API, one engine instance killed with SIGKILL mid-run; then it checks exactly one
// upstream task per submission, nothing lost, credits exact, never more than 5 image / 3 video live, no task
// polled twice within 5 s, SSE events across instances, every result served by every instance, a share link
// revoked on one instance refused at once by another, and the killed instance's work moving on (its seconds printed). Prints the figures; exits 1 when something does not hold.
//
// Postgres: TEST_DATABASE_URL (a server; each run makes and drops its own database), else .ci/start-postgres.
// Ports: SCALE_PORT (first of five for the instances, default 3132) and SCALE_EMULATOR_PORT (default 4132).
import { execFileSync } from "node:child_process";
import { ensureBuild } from "./scale/cluster";
import { percentile } from "./scale/figures";
import { runScenario, type ScenarioResult } from "./scale/scenario";

const serverUrl = process.env.TEST_DATABASE_URL ?? execFileSync(".ci/start-postgres", { encoding: "utf8" }).trim();
const base = Number(process.env.SCALE_PORT ?? 3132);
const ports = { instances: [base, base + 1, base + 2, base + 3], emulator: Number(process.env.SCALE_EMULATOR_PORT ?? 4132) };
// 40 (32 images, 8 videos) still fills every slot of both kinds many times over, keeps polls and creations
// going for minutes, and leaves work in flight at the kill; 100 proved nothing more and cost 2.5× the CPU.
const CREATIONS = Number(process.env.SCALE_CREATIONS ?? 40);
const DOUBLE_SUBMITS = Math.min(10, CREATIONS);

function check(result: ScenarioResult, crossInstanceEvents: boolean): string[] {
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${result.label}: ${what}`);
  };
  expect(result.submissions === CREATIONS, `${result.submissions} submissions stored, ${CREATIONS} made`);
  expect(
    result.submissionsNotExactlyOne.length === 0,
    `${result.submissionsNotExactlyOne.length} submissions not exactly one upstream task`,
  );
  expect(result.upstreamTasks === result.submissions, `${result.upstreamTasks} upstream tasks for ${result.submissions} submissions`);
  expect(result.lost === 0, `${result.lost} lost`);
  expect(result.notDone === 0, `${result.notDone} tasks not archived`);
  expect(
    result.creditsSpent === result.creditsRecorded,
    `upstream charged ${result.creditsSpent}, Darkroom recorded ${result.creditsRecorded}`,
  );
  expect(result.peakLive.image <= 5 && result.peakLive.video <= 3, `peak live ${JSON.stringify(result.peakLive)}`);
  expect(result.status429 === 0, `${result.status429} answers 429`);
  expect(result.duplicatePolls === 0, `${result.duplicatePolls} polls within 5 s of the previous`);
  expect(result.peakRequestsPerMinute <= 110, `${result.peakRequestsPerMinute} upstream requests in 60 s`);
  expect(result.mediaFailures.length === 0, `media not served everywhere: ${result.mediaFailures.slice(0, 5).join(", ")}`);
  expect(result.shareFailures.length === 0, result.shareFailures.join("; "));
  expect(result.sseTerminal === result.tasks, `the SSE client heard ${result.sseTerminal} of ${result.tasks} tasks end`);
  // A hang detector, not the speed target: bench:scale holds events to p99 ≤ 1 s; beside the rest of CI on two
  // cores a relay that works read 1,008 ms once and 4,134 ms another time. A broken relay fails sseTerminal.
  if (crossInstanceEvents) expect(percentile(result.eventDelaysMs, 99) <= 30_000, `events p99 ${percentile(result.eventDelaysMs, 99)} ms`);
  if (result.killed) {
    const held = result.killed.heldTasks + result.killed.heldSubmissions;
    expect(held > 0, `the killed instance held nothing when it died (nothing to fail over)`);
    // Every piece of held work moved on (a lost one reads Infinity). The seconds it took are a figure, printed
    // below, not a target a test can hold: a lease is 30 s, but where the killed instance was the only engine
    // the work waits for its replacement to start, which took 103 s on a machine with its cores busy.
    expect(Math.max(0, ...result.killed.failoverSeconds) <= 300, `failover took ${Math.max(...result.killed.failoverSeconds)} s`);
  }
  return problems;
}

function print(result: ScenarioResult): void {
  const failover = result.killed?.failoverSeconds ?? [];
  console.log(
    [
      `${result.label} (${result.instances.map((i) => i.role).join(", ")}), ${result.durationSeconds.toFixed(0)} s:`,
      `  submissions ${result.submissions} (${DOUBLE_SUBMITS} of them sent twice at once, to two instances), upstream tasks ${result.upstreamTasks}, lost ${result.lost}, not archived ${result.notDone}`,
      `  credits charged ${result.creditsSpent}, recorded ${result.creditsRecorded}`,
      `  peak live image ${result.peakLive.image}/5, video ${result.peakLive.video}/3; 429s ${result.status429}; duplicate polls ${result.duplicatePolls}`,
      `  upstream requests, peak 60 s: ${result.peakRequestsPerMinute}`,
      `  events to the SSE client on ${result.instances[0]?.name}${result.instances[0]?.role === "web" ? " (all from other instances: it runs no engine)" : ""}: p50 ${percentile(result.eventDelaysMs, 50)} ms, p99 ${percentile(result.eventDelaysMs, 99)} ms (${result.eventDelaysMs.length} events); tasks heard ending ${result.sseTerminal}/${result.tasks}`,
      result.killed
        ? `  killed ${result.killed.instance} (SIGKILL) holding ${result.killed.heldTasks} polls, ${result.killed.heldSubmissions} sends; failover max ${Math.max(0, ...failover).toFixed(1)} s`
        : "  no kill",
      `  media served by every API instance: ${result.mediaFailures.length === 0 ? "yes" : `no (${result.mediaFailures.length} failures)`}`,
      `  a share link revoked on one instance refused by another at once: ${result.shareFailures.length === 0 ? "yes" : "no"}`,
    ].join("\n"),
  );
}

await ensureBuild();
const problems: string[] = [];
for (const [label, roles, replaceKilled] of [
  ["web-web-worker", ["web", "web", "worker"], true],
  ["all-all-all", ["all", "all", "all"], false],
] as const) {
  const result = await runScenario({
    label,
    roles: [...roles],
    creations: CREATIONS,
    doubleSubmits: DOUBLE_SUBMITS,
    killAt: 0.4,
    replaceKilled,
    serverUrl,
    ports,
  });
  try {
    print(result);
    problems.push(...check(result, roles[0] === "web"));
  } finally {
    await result.stop();
  }
}
if (problems.length > 0) {
  console.error(`test:scale failed:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("test:scale passed");
process.exit(0);
