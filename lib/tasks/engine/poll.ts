import "server-only";
import { duePolls, finishLeasedTask, leaseTask, renewTaskLease, type TaskRow } from "@/lib/db/tasks";
import type { TaskTable } from "@/lib/db/schema";
import type { Updateable } from "kysely";
import type { Task } from "@/lib/upstream/schemas";
import { archiveTask } from "./archive";
import { DEADLINE_MS, later, POLL_INTERVAL_MS, type Engine } from "./context";
import { acquire } from "./rate-budget";
import { holdForAuth, pauseForRate, refusesKey, releaseAuthHold } from "./holds";
import { refundFollowUp } from "./refund-follow-up";
import { fromDbBool } from "@/lib/db/booleans";
import { LEASE_MS, withHeartbeat } from "./heartbeat";
import { nextLookAfterSuccess, sweepRetentionLooks } from "./retention-look";
import { countLeaseLost, countPoll } from "@/lib/metrics/record";
import { recordPollWrite } from "./poll-metrics";
import { inSpan, storedContext } from "@/lib/metrics/tracing";

// The next poll is timed from when this one's answer arrived, plus a margin: the API must see at least 5 s
// between two retrievals (a faster one returns a stale snapshot), and it sees when each request reaches it.
// Timed from the sending, a request held up on its way (a busy machine, a slow link) arrived less than 5 s
// before the next one; the answer comes after the request arrived, so timing from it can never be too early.
const POLL_MARGIN_MS = 100;
// Short, and renewed by a heartbeat while a poll runs (a large video downloads inside one poll).
const POLL_LEASE_MS = LEASE_MS;
const REFUND_FOLLOW_UP_MS = 60_000;
const AUTH_RETRY_MS = 60_000;
const OVERDUE_POLL_MS = 30_000;
const LOST_AFTER_NOT_FOUND = 3;

/** Polls every task whose time has come (never sooner than 5 s after its last poll). Returns how many were polled. */
export async function pollOnce(engine: Engine, { limit = 25 }: { limit?: number } = {}): Promise<number> {
  const { db } = engine.connection;
  await sweepRetentionLooks(engine);
  const now = engine.now().toISOString();
  let polled = 0;
  for (const task of await duePolls(db, { now, limit })) {
    const version = await leaseTask(db, {
      id: task.id,
      owner: engine.owner,
      version: task.lease_version,
      now,
      until: later(engine, POLL_LEASE_MS),
    });
    if (version === undefined) continue;
    const lease = { id: task.id, owner: engine.owner, version };
    // Each poll (and the archive inside it) is a span of the task's submission's trace.
    const attributes = { "darkroom.task_id": task.id, "darkroom.submission_id": task.submission_id ?? "", "darkroom.kind": task.kind };
    const patch = await inSpan("upstream.poll", { parent: storedContext(task.traceparent), attributes }, async (span) => {
      const patch = await withHeartbeat(
        `poll ${task.id}`,
        () => renewTaskLease(db, { ...lease, until: later(engine, POLL_LEASE_MS) }),
        () => pollTask(engine, task),
      );
      if (patch.status) span.setAttribute("darkroom.status", patch.status);
      return patch;
    });
    // Lost the lease meanwhile (this process stalled past it): the instance that took over writes instead.
    if (!(await finishLeasedTask(db, { ...lease, ...patch, updated_at: engine.now().toISOString() }))) {
      countLeaseLost();
      continue;
    }
    // Written under this process's lease: the one place a poll's credits and stages are counted.
    await recordPollWrite(engine, task, patch);
    if (patch.status !== undefined || patch.archive_state !== undefined || patch.lost !== undefined || patch.overdue !== undefined) {
      engine.publish({
        type: "task",
        id: task.id,
        status: patch.status ?? task.status,
        archive: patch.archive_state ?? task.archive_state,
      });
    }
    polled += 1;
  }
  return polled;
}

const isLive = (status: string) => status === "pending" || status === "processing";

/** One poll of one task: what to write back (the lease is released by the caller). */
async function pollTask(engine: Engine, task: TaskRow): Promise<Updateable<TaskTable>> {
  const nowMs = engine.now().getTime();
  const live = isLive(task.status);
  // Past the deadline with no terminal answer: overdue, whatever the upstream says (or fails to say).
  const overdue = live && nowMs - Date.parse(task.created_at) > DEADLINE_MS ? { overdue: 1 } : {};
  const asked = engine.now();
  const budget = await acquire(engine.connection, { keyId: engine.keyId, priority: live && !overdue.overdue ? "high" : "low", now: asked });
  // Due again when the budget frees, counted from when it was asked (not from a later, stalled now).
  if (!budget.ok) return { ...overdue, next_poll_at: new Date(asked.getTime() + budget.waitMs).toISOString() };

  const sentAt = engine.now().getTime();
  const outcome = fromDbBool(task.legacy ?? 0) ? await engine.client.getLegacyTask(task.id) : await engine.client.getTask(task.id);
  const answeredAt = engine.now().getTime();
  countPoll(task.kind, outcome.ok ? "ok" : outcome.kind, task.last_polled_at ? sentAt - Date.parse(task.last_polled_at) : undefined);
  const polledAt = { ...overdue, last_polled_at: new Date(sentAt).toISOString() };
  const nextLivePoll = new Date(answeredAt + POLL_INTERVAL_MS + POLL_MARGIN_MS).toISOString();
  if (!outcome.ok) {
    if (outcome.kind === "not_found") {
      // Darkroom created it, so the upstream lost it: after a few answers in a row, say so plainly.
      const count = task.not_found_count + 1;
      return count >= LOST_AFTER_NOT_FOUND
        ? { ...polledAt, not_found_count: count, lost: 1, next_poll_at: null }
        : { ...polledAt, not_found_count: count, next_poll_at: nextLivePoll };
    }
    if (outcome.status === 429) {
      // A retrieval creates nothing, so its 429 is the request rate whatever the body says. Retry-After
      // counts from when the answer arrived, not from when the poll was sent.
      const { from, waitMs } = await pauseForRate(engine, outcome);
      return { ...polledAt, next_poll_at: new Date(from + Math.max(waitMs, POLL_INTERVAL_MS)).toISOString() };
    }
    const refused = refusesKey(outcome);
    if (refused) {
      // The key, not the task: hold the queue, keep the task as it is, and look again in a minute.
      await holdForAuth(engine, refused);
      return { ...polledAt, next_poll_at: later(engine, AUTH_RETRY_MS) };
    }
    if (outcome.kind === "malformed_response" && outcome.taskId === task.id) {
      // Its status could not be read: keep the task as last known, mark it, keep the answer, look again.
      return {
        ...polledAt,
        unreadable: outcome.message,
        upstream_raw: outcome.raw ?? null,
        next_poll_at: live ? nextLivePoll : later(engine, REFUND_FOLLOW_UP_MS),
      };
    }
    return { ...polledAt, next_poll_at: outcome.retryable ? nextLivePoll : later(engine, REFUND_FOLLOW_UP_MS) };
  }
  await releaseAuthHold(engine);
  return {
    ...polledAt,
    not_found_count: 0,
    unreadable: null,
    upstream_raw: outcome.raw ?? null,
    ...(await apply(engine, task, outcome.value, Boolean(overdue.overdue) || Boolean(task.overdue), nextLivePoll)),
  };
}

/** What an answer means for the task and when to look again. */
async function apply(
  engine: Engine,
  task: TaskRow,
  upstream: Task,
  overdue: boolean,
  nextLivePoll: string,
): Promise<Updateable<TaskTable>> {
  const now = engine.now().toISOString();
  const base = {
    upstream_updated_at: upstream.updated_at ?? task.upstream_updated_at,
    credits_reserved: upstream.credits_reserved ?? task.credits_reserved,
  };
  // media_deleted on a task Darkroom saw succeed: retention removed its copy, and the success stands. On a
  // task last seen live it is the task's failure like any other (below), and its slot is free.
  if (upstream.status === "failed" && upstream.error?.code === "media_deleted" && task.status === "succeeded") {
    // The upstream removed its copy after retention; the archived copy stays and the task stays a success here.
    // Without one, there is nothing left to archive: say so rather than show it as archiving forever.
    const unsaved =
      task.archive_state === "done"
        ? {}
        : { archive_state: "failed" as const, archive_error: "The generation service deleted its copy before Darkroom could save it." };
    return { ...base, ...unsaved, media_deleted_at: task.media_deleted_at ?? now, next_poll_at: null };
  }
  if (upstream.status === "succeeded") {
    const archived =
      task.archive_state === "done" ? { archive_state: "done" as const } : await archiveTask(engine, task, upstream.data ?? []);
    const done = archived.archive_state === "done";
    const completedAt = task.completed_at ?? now;
    // One last look after the retention window, for images, to record when the upstream deleted its copy.
    const retentionLook = nextLookAfterSuccess({ ...task, ...base, ...archived, status: "succeeded", completed_at: completedAt }, engine);
    return {
      ...base,
      ...archived,
      status: "succeeded",
      // A legacy success that names no cost at all was charged what it reserved (docs/engine.md, "Legacy answers").
      credits_used: upstream.credits_used ?? task.credits_used ?? (task.legacy ? base.credits_reserved : null),
      error_code: null,
      error_message: null,
      completed_at: completedAt,
      // Archiving retries back off; after the last attempt the failure stays visible and polling stops.
      next_poll_at: done
        ? retentionLook
        : archived.archive_state === "failed"
          ? null
          : later(engine, Math.min(60_000, POLL_INTERVAL_MS * 2 ** task.archive_attempts)),
    };
  }
  if (upstream.status === "failed") {
    const completedAt = task.completed_at ?? now;
    const refunded = upstream.credits_refunded ?? task.credits_refunded ?? undefined;
    return {
      ...base,
      status: "failed",
      error_code: upstream.error?.code ?? "generation_failed",
      error_message: upstream.error?.message ?? null,
      credits_refunded: refunded ?? null,
      completed_at: completedAt,
      ...refundFollowUp(engine.now(), { completedAt, refunded, reserved: base.credits_reserved, code: upstream.error?.code }),
    };
  }
  return { ...base, status: upstream.status, next_poll_at: overdue ? later(engine, OVERDUE_POLL_MS) : nextLivePoll };
}
