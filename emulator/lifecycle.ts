// How a task moves with the clock, and what a retrieval shows of it.
import type { Account, TaskRecord } from "./store";
import type { Plan } from "./types";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const DEADLINE_MS = 30 * MINUTE;
export const SNAPSHOT_MS = 5_000;
export const VIDEO_URL_TTL_MS = DAY;
export const RETENTION_MS: Record<Plan, number> = { free: 7 * DAY, paid: 30 * DAY, lifetime: 30 * DAY };

export interface Timings {
  imageSeconds: number;
  videoSeconds: number;
  refundSeconds: number;
}

/**
 * Moves a task to where the clock says it is. Everything depends on the clock and the task's inputs only:
 * a task due to finish at T has finished at any time after T, whether or not its media is rendered yet.
 */
export function advanceTask(
  task: TaskRecord,
  account: Account | undefined,
  now: number,
  timings: Timings,
): { changed: boolean; deleteMedia: boolean } {
  const before = { status: task.status, updatedAt: task.updatedAt };
  let deleteMedia = false;
  if (isLive(task)) {
    const end = task.finishAt !== null && task.finishAt < task.deadlineAt ? task.finishAt : null;
    if (end !== null && now >= end) {
      if (task.scenario === "fail") fail(task, "generation", end, timings);
      else {
        task.status = "succeeded";
        task.succeededAt = end;
        task.updatedAt = end;
      }
    } else if (now >= task.deadlineAt) fail(task, "deadline", task.deadlineAt, timings);
    else {
      const phase = phaseAt(task, now);
      task.status = phase.status;
      task.updatedAt = phase.at;
    }
  }
  const failure = task.failure;
  if (failure && failure.refundedAt === undefined && now >= failure.settleAt && account) {
    // The one refund: settleAt is crossed once, and refundedAt is set in the same step.
    account.credits += task.creditsReserved;
    failure.refundedAt = failure.settleAt;
    task.updatedAt = failure.settleAt;
  }
  if (task.status === "succeeded" && task.kind === "image" && task.mediaDeletedAt === undefined && account) {
    const expiresAt = (task.succeededAt ?? now) + RETENTION_MS[account.plan];
    if (now >= expiresAt) {
      task.mediaDeletedAt = expiresAt;
      task.updatedAt = expiresAt;
      deleteMedia = true;
    }
  }
  const changed = task.status !== before.status || task.updatedAt !== before.updatedAt || deleteMedia;
  return { changed, deleteMedia };
}

/** The live phase at `now`: the last one begun (states saved before phases: pending, then processing at startAt). */
function phaseAt(task: TaskRecord, now: number): { status: "pending" | "processing"; at: number } {
  const phases = task.phases ?? [
    { status: "pending", at: task.createdAt },
    { status: "processing", at: task.startAt },
  ];
  let current = phases[0] ?? { status: "pending" as const, at: task.createdAt };
  for (const phase of phases) if (phase.at <= now) current = phase;
  return current;
}

function fail(task: TaskRecord, reason: "generation" | "deadline" | "render", at: number, timings: Timings): void {
  task.status = "failed";
  task.updatedAt = at;
  task.failure = { reason, at, settleAt: at + timings.refundSeconds * 1000 };
}

/** A task still counts toward the account's concurrency and may change. */
export function isLive(task: TaskRecord): boolean {
  return task.status === "pending" || task.status === "processing";
}

/** Nothing about the task will change any more (its refund is settled, its retention is over or not applicable). */
export function isSettled(task: TaskRecord): boolean {
  if (isLive(task)) return false;
  if (task.blocked) return true;
  if (task.failure) return task.failure.refundedAt !== undefined;
  return task.kind !== "image" || task.mediaDeletedAt !== undefined;
}

const FAILURE_MESSAGE = {
  generation: "The model could not generate this request.",
  deadline: "No result within 30 minutes; the task was stopped.",
  render: "The result could not be produced.",
} as const;

/** The Task resource exactly as the spec's table has it. */
export function taskView(task: TaskRecord, mediaUrl: (id: string) => string): Record<string, unknown> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const base = (status: string) => ({
    id: task.id,
    status,
    model: task.model,
    created_at: iso(task.createdAt),
    updated_at: iso(task.updatedAt),
    credits_reserved: task.creditsReserved,
  });
  if (task.blocked) {
    return {
      ...base("failed"),
      error: { code: "prompt_blocked", message: "The prompt was rejected as unsafe before generation; nothing was charged." },
    };
  }
  if (task.mediaDeletedAt !== undefined) {
    return { ...base("failed"), error: { code: "media_deleted", message: "The stored result was removed after the retention period." } };
  }
  if (task.status === "succeeded") {
    const output = task.output;
    const data = task.media.ids.map((id) =>
      task.model === "delta-image-2" && output.kind === "image"
        ? { url: mediaUrl(id), width: output.width, height: output.height }
        : { url: mediaUrl(id) },
    );
    return { ...base("succeeded"), credits_used: task.creditsReserved, data };
  }
  if (task.status === "failed" && task.failure) {
    const { reason, refundedAt } = task.failure;
    if (refundedAt === undefined) {
      return { ...base("failed"), error: { code: "refund_pending", message: `${FAILURE_MESSAGE[reason]} The refund is being settled.` } };
    }
    return {
      ...base("failed"),
      error: { code: "generation_failed", message: FAILURE_MESSAGE[reason] },
      credits_refunded: task.creditsReserved,
    };
  }
  return base(task.status);
}
