import "server-only";
import { exclusive } from "@/lib/db/exclusive";
import { getInstanceValue } from "@/lib/db/instance";
import { claimSubmission, countSending, listQueued, renewSubmissionLease, updateSubmission, type Submission } from "@/lib/db/submissions";
import { countLive, insertTask } from "@/lib/db/tasks";
import type { UpstreamFailure, UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import { CONCURRENCY, later, POLL_INTERVAL_MS, type Engine } from "./context";
import { acquire, pause } from "./rate-budget";
import { LEASE_MS, withHeartbeat } from "./heartbeat";

/** How long a sender holds a submission between heartbeats; after that another process (or this one, restarted) resends it. */
const SEND_LEASE_MS = LEASE_MS;
const MAX_BACKOFF_MS = 60_000;

export const QUEUE_PAUSED = "queue_paused";

/** Sends waiting submissions while the account is under its limits and the budget allows. Returns how many were sent. */
export async function dispatchOnce(engine: Engine): Promise<number> {
  const { db } = engine.connection;
  if (await getInstanceValue(db, { key: QUEUE_PAUSED })) return 0;
  let sent = 0;
  for (const kind of ["video", "image"] as const) {
    const now = engine.now().toISOString();
    const ready = (await listQueued(db, { kind })).filter(
      (s) => (s.state === "queued" && s.next_attempt_at <= now) || (s.state === "sending" && (s.lease_until ?? "") <= now),
    );
    for (const submission of ready) {
      const claimed = await claimWithinLimit(engine, submission, kind);
      if (claimed === "full") break;
      if (claimed === "taken") continue;
      const lease = { id: submission.id, owner: engine.owner, version: claimed };
      const budget = await acquire(engine.connection, { keyId: engine.keyId, priority: "high", now: engine.now() });
      if (!budget.ok) {
        await updateSubmission(db, {
          id: submission.id,
          state: "queued",
          lease_until: null,
          next_attempt_at: later(engine, budget.waitMs),
        });
        return sent;
      }
      const outcome = await withHeartbeat(
        `send ${submission.id}`,
        () => renewSubmissionLease(db, { ...lease, until: later(engine, SEND_LEASE_MS) }),
        () => send(engine, submission),
      );
      await settle(engine, submission, outcome);
      sent += 1;
    }
  }
  return sent;
}

/**
 * Claims this submission if there is room for its kind, in one statement (lib/db's claimSubmission) under
 * an exclusive lock: two Darkroom processes dispatching at once can never both take the last slot. Answers
 * the lease's version, "taken" (another process has it, or listed it after a change) or "full".
 */
async function claimWithinLimit(engine: Engine, submission: Submission, kind: "image" | "video"): Promise<number | "taken" | "full"> {
  return exclusive(engine.connection, `dispatch:${engine.keyId}`, async (trx) => {
    const now = engine.now().toISOString();
    const version = await claimSubmission(trx, {
      id: submission.id,
      kind,
      limit: CONCURRENCY[kind],
      owner: engine.owner,
      version: submission.lease_version,
      now,
      leaseUntil: later(engine, SEND_LEASE_MS),
    });
    if (version !== undefined) return version;
    // Only to tell the loop whether to stop: the claim itself has already decided.
    const busy = (await countLive(trx, { kind })) + (await countSending(trx, { kind, now }));
    return busy >= CONCURRENCY[kind] ? "full" : "taken";
  });
}

/** The stored key and the stored bytes, every time: a retry is the same request, never a new one. */
function send(engine: Engine, submission: Submission): Promise<UpstreamOutcome<Task>> {
  if (submission.endpoint === "images") return engine.client.createImage(submission.body, submission.idempotency_key);
  if (submission.endpoint === "legacy") return engine.client.createLegacyVideo(submission.body, submission.idempotency_key);
  return engine.client.createVideo(submission.body, submission.idempotency_key);
}

/** Records what the upstream said. */
async function settle(engine: Engine, submission: Submission, outcome: UpstreamOutcome<Task>): Promise<void> {
  const { db } = engine.connection;
  const now = engine.now().toISOString();
  if (outcome.ok) {
    const task = outcome.value;
    await db.transaction().execute(async (trx) => {
      await insertTask(trx, {
        id: task.id,
        submission_id: submission.id,
        user_id: submission.user_id,
        model: submission.model,
        kind: submission.kind,
        params: submission.params,
        prompt: promptOf(submission.params),
        status: task.status,
        credits_reserved: task.credits_reserved,
        upstream_created_at: task.created_at ?? null,
        upstream_updated_at: task.updated_at ?? null,
        next_poll_at: later(engine, POLL_INTERVAL_MS),
        created_at: now,
        updated_at: now,
      });
      await updateSubmission(trx, {
        id: submission.id,
        state: "accepted",
        task_id: task.id,
        lease_until: null,
        error_code: null,
        error_message: null,
        updated_at: now,
      });
    });
    engine.publish({ type: "submission", id: submission.id, state: "accepted", taskId: task.id });
    engine.publish({ type: "task", id: task.id, status: task.status, archive: "none" });
    return;
  }
  await updateSubmission(db, {
    id: submission.id,
    lease_until: null,
    updated_at: now,
    ...(await afterFailure(engine, submission, outcome)),
  });
  const state = outcome.retryable ? "queued" : "rejected";
  engine.publish({ type: "submission", id: submission.id, state });
}

async function afterFailure(engine: Engine, submission: Submission, failure: UpstreamFailure) {
  const shown = { error_code: failure.kind, error_message: failure.message, error_field: failure.field ?? null };
  if (failure.kind === "rate_limited") {
    // Every request for this key waits, as Retry-After says (10 s when it says nothing usable).
    await pause(engine.connection, { keyId: engine.keyId, until: new Date(engine.now().getTime() + (failure.retryAfterMs ?? 10_000)) });
    return { ...shown, state: "queued" as const, next_attempt_at: engine.now().toISOString() };
  }
  if (failure.kind === "concurrency_limited") {
    // Back in line, never dropped: a slot frees when one of the account's tasks ends.
    return { ...shown, state: "queued" as const, next_attempt_at: later(engine, failure.retryAfterMs ?? POLL_INTERVAL_MS) };
  }
  if (failure.retryable) {
    const attempts = submission.attempts + 1;
    const backoff = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** (attempts - 1)) * (0.5 + Math.random() / 2);
    return { ...shown, state: "queued" as const, attempts, next_attempt_at: later(engine, backoff) };
  }
  return { ...shown, state: "rejected" as const };
}

export function promptOf(params: string): string | null {
  try {
    const value = (JSON.parse(params) as { prompt?: unknown }).prompt;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
