import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { succeededImagesWithin } from "@/lib/db/expiring";
import { listTasks } from "@/lib/db/task-list";
import { env } from "@/lib/env";
import { EXPIRY_WARNING_MS, succeededBy, upstreamCopy, type UpstreamClock } from "@/lib/retention";
import type { TaskView } from "@/lib/schemas/views";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import { withEstimates } from "./estimates";
import { queueState, type QueueState } from "./queue";
import { listedTaskView } from "./task-views";

// What the Overview page shows, read on the server in one pass: what runs now, what waits and why, the results
// whose upstream copy expires soon, and the recent failures. Today's spend is the ledger's (lib/credits/snapshot.ts).

const SHOWN = 6;
const DAY_MS = 86_400_000;
/** Failures older than this are history, not news. */
const RECENT_FAILURES_MS = 7 * DAY_MS;

export interface Overview {
  running: TaskView[];
  runningTotal: number;
  queue: QueueState;
  expiring: TaskView[];
  failures: TaskView[];
}

export async function overview(user: SessionUser, now = new Date()): Promise<Overview> {
  const { db } = database();
  const live = await listTasks(db, { filters: { status: ["pending", "processing"] }, limit: 50, viewerId: user.id });

  // Images whose upstream copy goes within 48 hours, found and judged by lib/retention.ts on the upstream's
  // clock (the same reckoning as the task page's and the engine's), not by when Darkroom saw them succeed.
  const clock: UpstreamClock = { plan: env.ACCOUNT_PLAN, skewMs: upstreamSkewMs() };
  const candidates = await succeededImagesWithin(db, {
    after: succeededBy(now.getTime(), clock),
    by: succeededBy(now.getTime() + EXPIRY_WARNING_MS, clock),
    limit: 50,
  });
  const expiring = candidates
    .map((task) => ({ task, copy: upstreamCopy(task, now.getTime(), clock) }))
    .filter(({ copy }) => copy?.state === "expiring")
    .sort((a, b) => Number(a.copy!.archived) - Number(b.copy!.archived) || a.copy!.leftMs - b.copy!.leftMs)
    .slice(0, SHOWN)
    .map(({ task }) => listedTaskView(task));

  const failed = await listTasks(db, {
    filters: { status: ["failed"], from: new Date(now.getTime() - RECENT_FAILURES_MS).toISOString() },
    limit: SHOWN + 10,
    viewerId: user.id,
  });
  return {
    running: await withEstimates(db, live.slice(0, SHOWN).map(listedTaskView)),
    runningTotal: live.length,
    queue: await queueState(user),
    expiring,
    // A retention deletion is not a failure of the generation: it belongs to "expiring", not here.
    failures: failed
      .map(listedTaskView)
      .filter((task) => task.error?.code !== "media_deleted")
      .slice(0, SHOWN),
  };
}
