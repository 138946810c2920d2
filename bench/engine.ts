// `npm run bench:engine`: the task engine (dispatch + poll, ticking every second in real time as
// lib/tasks/loop.ts does) against emulators with short task durations. Prints upstream requests per task
// against the floor ⌈T/5⌉+1, self-inflicted 429s, the delay from the upstream finishing a task to the
// event reaching an open page, the time to drain 50 submissions, and upstream requests with 1 and with
// 10 open pages. A script, not a test: loopback only, bounded in time, it cleans up after itself and
// exits by itself (code 1 only when something broke; a missed target is printed as FAIL).
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";
import type { EventsServer, Lane, Page, Row, TaskFacts, Timings } from "./engine-support";

const WATCHDOG_MS = 170_000;
const POLL_S = 5;
const TARGET_DELAY_P95_MS = 5_500;
const SHORT: Timings = { imageSeconds: 2, videoSeconds: 4, refundSeconds: 3 };
/** Image durations of the sweep lanes: successes land at every point of the engine's polling cycle. */
const SWEEP_IMAGE_SECONDS = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5];
const DRAIN = { images: 30, videos: 20 } as const;
const LIMITS = { image: 5, video: 3 } as const;

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-"));
const appDir = path.join(root, "app");
pointAppAt(appDir);

const open = new Set<{ close(): Promise<void> | void }>();
let cleaned = false;
async function cleanup(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  await Promise.race([
    Promise.allSettled([...open].map(async (thing) => thing.close())),
    new Promise((resolve) => setTimeout(resolve, 5_000)),
  ]);
  rmSync(root, { recursive: true, force: true });
}
const abandon = (why: string) => {
  console.error(`bench: ${why}`);
  void cleanup().finally(() => process.exit(1));
};
setTimeout(() => abandon(`gave up after ${WATCHDOG_MS / 1000} s`), WATCHDOG_MS).unref();
process.once("SIGINT", () => abandon("interrupted"));

const support = await import("./engine-support");
const { BODIES, percentile, printTable, seconds, sleep, startEventsServer, startLane } = support;
const { closeDatabase } = await import("@/lib/db");

interface PhaseResult {
  name: string;
  lanes: Lane[];
  tasks: TaskFacts[];
  /** Task id → receipt on each open page. */
  pages: Page[];
  requests: number;
  rejected: number;
  wallMs: number;
  startedAt: number;
  finishedAt: number;
}

const problems: string[] = [];

async function lane(name: string, timings: Timings, server: EventsServer): Promise<Lane> {
  const started = await startLane({ name, timings, root, userId: server.userId });
  open.add(started);
  return started;
}

async function closeLane(l: Lane): Promise<void> {
  open.delete(l);
  await l.close();
  for (const error of l.errors) problems.push(`${l.name}: engine tick failed: ${error}`);
}

/** Runs lanes, each with its submissions (sent at the given offsets in ms), to the end, with `pageCount` open pages. */
async function phase(
  name: string,
  server: EventsServer,
  pageCount: number,
  plans: { timings: Timings; sends: { atMs: number; bodies: Record<string, unknown>[] }[] }[],
): Promise<PhaseResult> {
  const lanes = await Promise.all(plans.map((plan, i) => lane(`${name.replace(/\W+/g, "-")}-${i}`, plan.timings, server)));
  const pages = await server.open(pageCount);
  const closePages = { close: () => pages.close() };
  open.add(closePages);
  const startedAt = Date.now();
  let rejected = 0;
  try {
    await Promise.all(
      lanes.map(async (l, i) => {
        const ids: string[] = [];
        for (const send of plans[i]?.sends ?? []) {
          const wait = startedAt + send.atMs - Date.now();
          if (wait > 0) await sleep(wait);
          ids.push(...(await l.submit(send.bodies)));
        }
        const settled = await l.settle(ids, 120_000);
        rejected += settled.rejected.length;
        for (const task of settled.tasks) {
          if (task.status !== "succeeded" || task.archive_state !== "done")
            problems.push(
              `${name}: task ${task.id} ended ${task.status}/${task.archive_state}${task.archive_error ? ` (${task.archive_error})` : ""}`,
            );
        }
      }),
    );
    // The event is published in the same step that records the task: give the pages a moment to read it.
    const tasks = lanes.flatMap((l) => l.counter.tasks());
    const giveUp = Date.now() + 3_000;
    while (Date.now() < giveUp && !pages.pages.every((p) => tasks.every((t) => p.succeeded.has(t.taskId)))) await sleep(20);
    const finishedAt = Date.now();
    const requests = lanes.reduce((sum, l) => sum + l.counter.requests, 0);
    if (rejected > 0) problems.push(`${name}: ${rejected} submission(s) rejected`);
    return { name, lanes, tasks, pages: pages.pages, requests, rejected, wallMs: finishedAt - startedAt, startedAt, finishedAt };
  } finally {
    pages.close();
    open.delete(closePages);
    for (const l of lanes) await closeLane(l);
  }
}

const mix = (images: number, videos: number) => {
  // Interleaved, as people submit them.
  const bodies: Record<string, unknown>[] = [];
  for (let i = 0, g = 0, e = 0; g < images || e < videos; i += 1) {
    if (e < videos && (g >= images || (i * videos) % (images + videos) < videos)) bodies.push(BODIES.epsilon(e++));
    else bodies.push(BODIES.gamma(g++));
  }
  return bodies;
};

// ------------------------------------------------------------------------------------------------------

const cpus = os.cpus();
console.log("Darkroom task engine benchmark");
console.log(
  `node ${process.version}, ${cpus.length} CPU(s) (${cpus[0]?.model.trim() ?? "unknown"}), ${os.platform()} ${os.arch()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
);
console.log(
  `engine: tickOnce (polls, then creations) every ${support.TICK_MS} ms in real time (as lib/tasks/loop.ts), SQLite per engine, emulator per engine, loopback`,
);
console.log(
  `emulator timings: image ${SHORT.imageSeconds} s, video ${SHORT.videoSeconds} s, refund ${SHORT.refundSeconds} s (sweep: image ${SWEEP_IMAGE_SECONDS.join(", ")} s)`,
);
console.log(
  "open page: a fetch() reading GET /api/events (the route module, served over loopback HTTP, signed in as a member); not a browser, and no Next server",
);
console.log("");

const benchStarted = Date.now();
let results: PhaseResult[] = [];
let exitCode = 0;
try {
  const server = await startEventsServer();
  open.add(server);

  const small = () => [{ timings: SHORT, sends: [{ atMs: 0, bodies: mix(3, 3) }] }];
  console.log("1/4 six tasks (3 gamma-5-pro, 3 epsilon-v6 1 s 360p) with 1 open page…");
  const onePage = await phase("1 page", server, 1, small());
  console.log(`    ${seconds(onePage.wallMs)}, ${onePage.requests} upstream requests`);
  console.log("2/4 the same six tasks with 10 open pages…");
  const tenPages = await phase("10 pages", server, 10, small());
  console.log(`    ${seconds(tenPages.wallMs)}, ${tenPages.requests} upstream requests`);

  console.log(
    `3/4 delay sweep: ${SWEEP_IMAGE_SECONDS.length} engines × 3 gamma-5-pro tasks, image durations spread over a polling cycle, submitted 0, 1.3, 2.6 s apart…`,
  );
  const sweep = await phase(
    "sweep",
    server,
    1,
    SWEEP_IMAGE_SECONDS.map((imageSeconds, lane) => ({
      timings: { ...SHORT, imageSeconds },
      sends: [0, 1_300, 2_600].map((atMs, i) => ({ atMs: atMs + lane * 170, bodies: [BODIES.gamma(i)] })),
    })),
  );
  console.log(`    ${seconds(sweep.wallMs)}, ${sweep.requests} upstream requests`);

  console.log(
    `4/4 drain: ${DRAIN.images + DRAIN.videos} submissions at once (${DRAIN.images} gamma-5-pro, ${DRAIN.videos} epsilon-v6 1 s 360p) with 1 open page…`,
  );
  const drain = await phase("drain", server, 1, [{ timings: SHORT, sends: [{ atMs: 0, bodies: mix(DRAIN.images, DRAIN.videos) }] }]);
  console.log(`    ${seconds(drain.wallMs)}, ${drain.requests} upstream requests`);
  results = [onePage, tenPages, sweep, drain];

  open.delete(server);
  await server.close();
} catch (error) {
  problems.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
console.log(`(all phases: ${seconds(Date.now() - benchStarted)})`);
console.log("");

if (results.length === 4) {
  const [onePage, tenPages, , drain] = results as [PhaseResult, PhaseResult, PhaseResult, PhaseResult];
  const rows: Row[] = [];
  const all = results.flatMap((r) =>
    r.tasks.map((t) => ({
      ...t,
      phase: r.name,
      page: r.pages[0]?.succeeded.get(t.taskId),
      pages: r.pages.map((p) => p.succeeded.get(t.taskId)),
    })),
  );
  const finished = all.filter((t) => t.succeededAt !== undefined);

  // Requests per task against the floor: one creation, then one retrieval per 5 s until the finish is seen.
  const floorOf = (t: TaskFacts) => Math.ceil(((t.succeededAt ?? Number.NaN) - t.createdAt) / 1000 / POLL_S) + 1;
  const ratios = finished.map((t) => ({ ...t, floor: floorOf(t), ratio: t.requests / floorOf(t) }));
  const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a), ratios[0]!);
  rows.push({
    measure: `upstream requests per task vs ⌈T/${POLL_S}⌉+1 (${ratios.length} tasks)`,
    result: `worst ${worst.ratio.toFixed(2)}× (${worst.requests} vs ${worst.floor}, ${worst.model}, ${worst.phase})`,
    target: "≤ 1.00× floor",
    ok: worst.ratio <= 1,
  });
  for (const model of [...new Set(ratios.map((t) => t.model))].sort()) {
    const of = ratios.filter((t) => t.model === model);
    const avg = (f: (t: (typeof of)[number]) => number) => of.reduce((s, t) => s + f(t), 0) / of.length;
    rows.push({
      measure: `  ${model} (${of.length}): requests / floor / T`,
      result: `${avg((t) => t.requests).toFixed(2)} / ${avg((t) => t.floor).toFixed(2)} / ${avg((t) => ((t.succeededAt ?? 0) - t.createdAt) / 1000).toFixed(1)} s avg`,
      target: "",
    });
  }
  rows.push({
    measure: "  tasks that finished upstream",
    result: `${finished.length} of ${all.length}`,
    target: `${all.length}`,
    ok: finished.length === all.length,
  });

  // The spec: at least 5 s between retrievals of a task. What the 1 s loop makes of it bounds the delay below.
  const intervals = results.flatMap((r) => r.lanes.flatMap((l) => l.counter.pollIntervals()));
  const minInterval = Math.min(...intervals);
  rows.push({
    measure: `  time between a task's requests (${intervals.length})`,
    result: `min ${seconds(minInterval)}, p50 ${seconds(percentile(intervals, 50))}, max ${seconds(Math.max(...intervals))}`,
    target: `min ≥ ${POLL_S}.00 s`,
    ok: minInterval >= POLL_S * 1000,
  });

  const failures = new Map<string, number>();
  for (const l of results.flatMap((r) => r.lanes))
    for (const [kind, n] of l.counter.failures) failures.set(kind, (failures.get(kind) ?? 0) + n);
  const self429 = results.flatMap((r) => r.lanes).reduce((s, l) => s + l.counter.selfInflicted429s(), 0);
  const totalRequests = results.reduce((s, r) => s + r.requests, 0);
  rows.push({
    measure: "self-inflicted 429s (rate/concurrency)",
    result: `${self429} of ${totalRequests} requests`,
    target: "0",
    ok: self429 === 0,
  });
  if (failures.size > 0)
    rows.push({ measure: "  all upstream failures", result: [...failures].map(([k, n]) => `${n}× ${k}`).join(", "), target: "" });

  // Delay from the emulator finishing (its updated_at) to the "succeeded" event on an open page.
  const delays = finished.filter((t) => t.page !== undefined).map((t) => (t.page ?? 0) - (t.succeededAt ?? 0));
  const missing = finished.length - delays.length;
  const p95 = percentile(delays, 95);
  rows.push({
    measure: `finish → event on an open page (${delays.length})`,
    result: `p50 ${seconds(percentile(delays, 50))}, p95 ${seconds(p95)}, max ${seconds(Math.max(...delays))}`,
    target: `p95 ≤ ${seconds(TARGET_DELAY_P95_MS)}`,
    ok: p95 <= TARGET_DELAY_P95_MS && missing === 0,
  });
  const lag = finished.filter((t) => t.observedAt !== undefined).map((t) => (t.observedAt ?? 0) - (t.succeededAt ?? 0));
  const after = finished.filter((t) => t.observedAt !== undefined && t.page !== undefined).map((t) => (t.page ?? 0) - (t.observedAt ?? 0));
  rows.push({
    measure: "  finish → engine's poll sees it",
    result: `p50 ${seconds(percentile(lag, 50))}, p95 ${seconds(percentile(lag, 95))}, max ${seconds(Math.max(...lag))}`,
    target: "",
  });
  rows.push({
    measure: "  poll answer → page (archive, SSE)",
    result: `p50 ${seconds(percentile(after, 50))}, p95 ${seconds(percentile(after, 95))}, max ${seconds(Math.max(...after))}`,
    target: "",
  });
  for (const r of results) {
    const d = all
      .filter((t) => t.phase === r.name && t.succeededAt !== undefined && t.page !== undefined)
      .map((t) => (t.page ?? 0) - (t.succeededAt ?? 0));
    rows.push({
      measure: `  ${r.name} (${d.length})`,
      result: `p50 ${seconds(percentile(d, 50))}, p95 ${seconds(percentile(d, 95))}, max ${seconds(Math.max(...d))}`,
      target: "",
    });
  }
  if (missing > 0) rows.push({ measure: "  finished tasks with no event on the page", result: String(missing), target: "0", ok: false });

  // Drain: 50 submissions at once, until the last one is succeeded and archived (its event on the page).
  const drainEnd = Math.max(...drain.tasks.map((t) => drain.pages[0]?.succeeded.get(t.taskId) ?? drain.finishedAt));
  const drainMs = drainEnd - drain.startedAt;
  const waves = { image: Math.ceil(DRAIN.images / LIMITS.image), video: Math.ceil(DRAIN.videos / LIMITS.video) };
  const bound = Math.max(waves.image * SHORT.imageSeconds, waves.video * SHORT.videoSeconds);
  const polled = Math.max(
    waves.image * POLL_S * Math.ceil(SHORT.imageSeconds / POLL_S),
    waves.video * POLL_S * Math.ceil(SHORT.videoSeconds / POLL_S),
  );
  const drainDone = drain.tasks.filter((t) => drain.pages[0]?.succeeded.has(t.taskId)).length;
  rows.push({
    measure: `drain ${DRAIN.images + DRAIN.videos} submissions (${drainDone} archived)`,
    result: `${seconds(drainMs)} (${drain.requests} requests)`,
    target: `all ${DRAIN.images + DRAIN.videos}; info`,
    ok: drainDone === DRAIN.images + DRAIN.videos && drain.rejected === 0,
  });
  rows.push({
    measure: `  lower bound: ${LIMITS.image}/${LIMITS.video} concurrency × durations`,
    result: `${bound} s (${(drainMs / 1000 / bound).toFixed(2)}× of it)`,
    target: "",
  });
  rows.push({
    measure: `  lower bound with ≥ ${POLL_S} s between polls`,
    result: `${polled} s (${(drainMs / 1000 / polled).toFixed(2)}× of it)`,
    target: "",
  });

  // 1 vs 10 pages: the same workload; the engine never looks at subscribers.
  const floorSum = (r: PhaseResult) => r.tasks.reduce((s, t) => s + (t.succeededAt === undefined ? 0 : floorOf(t)), 0);
  const equal = onePage.requests === tenPages.requests;
  const bothAtFloor = [onePage, tenPages].every((r) => r.tasks.every((t) => t.succeededAt !== undefined && t.requests <= floorOf(t)));
  rows.push({
    measure: "upstream requests: 1 page vs 10 pages",
    result: `${onePage.requests} vs ${tenPages.requests} (floors ${floorSum(onePage)} vs ${floorSum(tenPages)})`,
    target: "equal",
    ok: equal || bothAtFloor,
  });
  const spread = tenPages.tasks.map((t) => {
    const at = tenPages.pages.map((p) => p.succeeded.get(t.taskId)).filter((v): v is number => v !== undefined);
    return at.length === tenPages.pages.length ? Math.max(...at) - Math.min(...at) : Number.POSITIVE_INFINITY;
  });
  rows.push({
    measure: "  10 pages: all got every event; spread",
    result: `max ${Math.max(...spread).toFixed(0)} ms between first and last page`,
    target: "all 10",
    ok: spread.every(Number.isFinite),
  });

  printTable(rows);
  console.log("");
  console.log(
    `T = emulator's updated_at of the succeeded task minus its created_at. The floor counts one creation and one retrieval per ${POLL_S} s;`,
  );
  console.log(
    "a poll that lands a little late (5.1 s after the previous one was sent, at the next 0.25 s tick) can see the finish one poll early, so a task may come in under its floor.",
  );
  console.log("The engine does not know how many pages are open (pages listen to the in-process bus through the events route), so");
  console.log(
    "1 and 10 pages differ only if a poll lands on the other side of a finish; 'equal' passes also when every task is at or under its floor.",
  );
  console.log(
    `A finish waits for the task's next poll, so 'finish → poll' is bounded by the time between requests above (next poll = 5.1 s after the previous one was sent,`,
  );
  console.log(`run by the first ${support.TICK_MS / 1000} s tick after it).`);
  console.log("Drain time is from the submissions to the last task's event on the page; its bounds ignore rendering and archiving.");
  if (!equal) console.log("Note: 1 and 10 pages made different request counts; both stayed within the floor, so it is timing, not pages.");
  const missed = rows.filter((r) => r.ok === false).length;
  if (missed > 0) console.log(`\n${missed} line(s) FAIL (printed figures; the exit code reports breakage only).`);
} else {
  console.log("No figures: a phase did not complete.");
}

if (problems.length > 0) {
  exitCode = 1;
  console.log("");
  console.log("Something broke:");
  for (const problem of problems.slice(0, 20)) console.log(`  - ${problem}`);
}

await closeDatabase();
await cleanup();
process.exit(exitCode);
