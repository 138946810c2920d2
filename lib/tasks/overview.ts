import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { periodBounds } from "@/lib/budgets/period";
import { teamTimeZone } from "@/lib/budgets/status";
import { ledgerWindow } from "@/lib/credits/ledger";
import { succeededImagesBetween } from "@/lib/db/expiring";
import { listTasks } from "@/lib/db/task-list";
import { env } from "@/lib/env";
import { EXPIRY_WARNING_MS, imageExpiresAt, RETENTION_DAYS } from "@/lib/retention";
import type { TaskView } from "@/lib/schemas/views";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import { withEstimates } from "./estimates";
import { queueState, type QueueState } from "./queue";
import { listedTaskView } from "./task-views";

// What the Overview page shows, read on the server in one pass: what runs now, what waits and why, today's
// spend, the results whose upstream copy expires soon, and the recent failures.

const SHOWN = 6;
const DAY_MS = 86_400_000;
/** Failures older than this are history, not news. */
const RECENT_FAILURES_MS = 7 * DAY_MS;

export interface TodaySpend {
  /** Midnight today in the team's time zone: the day the day budgets and the sidebar's "left today" count. */
  since: string;
  timeZone: string;
  used: number;
  reservedNow: number;
  refunded: number;
  tasks: number;
}

export interface Overview {
  running: TaskView[];
  runningTotal: number;
  queue: QueueState;
  today: TodaySpend;
  expiring: TaskView[];
  failures: TaskView[];
}

export async function overview(user: SessionUser, now = new Date()): Promise<Overview> {
  const { db } = database();
  const live = await listTasks(db, { filters: { status: ["pending", "processing"] }, limit: 50, viewerId: user.id });
  const timeZone = await teamTimeZone(db);
  const day = periodBounds("day", now, timeZone);
  const totals = await ledgerWindow(db, { userId: null, start: day.start, end: day.end });

  // An image's upstream copy expires `days` after its success: those that succeeded between `days` and
  // `days - 2` days ago expire within 48 hours (a day's slack either side for the upstream's clock).
  const days = RETENTION_DAYS[env.ACCOUNT_PLAN] * DAY_MS;
  const candidates = await succeededImagesBetween(db, {
    from: new Date(now.getTime() - days - DAY_MS).toISOString(),
    to: new Date(now.getTime() - days + EXPIRY_WARNING_MS + DAY_MS).toISOString(),
    limit: 50,
  });
  const skew = upstreamSkewMs();
  const expiring = candidates
    .filter((task) => {
      const at = imageExpiresAt(task, env.ACCOUNT_PLAN, skew);
      return at !== null && Date.parse(at) > now.getTime() && Date.parse(at) - now.getTime() < EXPIRY_WARNING_MS;
    })
    .slice(0, SHOWN)
    .map((task) => listedTaskView(task));

  const failed = await listTasks(db, {
    filters: { status: ["failed"], from: new Date(now.getTime() - RECENT_FAILURES_MS).toISOString() },
    limit: SHOWN + 10,
    viewerId: user.id,
  });
  return {
    running: await withEstimates(db, live.slice(0, SHOWN).map(listedTaskView)),
    runningTotal: live.length,
    queue: await queueState(user),
    today: {
      since: day.start,
      timeZone,
      used: totals.used,
      reservedNow: totals.reservedNow,
      refunded: totals.refunded,
      tasks: totals.tasks,
    },
    expiring,
    // A retention deletion is not a failure of the generation: it belongs to "expiring", not here.
    failures: failed
      .map(listedTaskView)
      .filter((task) => task.error?.code !== "media_deleted")
      .slice(0, SHOWN),
  };
}
