import "server-only";
import { checkBudgetAlerts } from "@/lib/budgets/alerts";
import { judgeDispatch } from "@/lib/budgets/dispatch-check";
import { FIRST_CHARGE, markBalanceLow, releaseBudgetHolds } from "@/lib/db/budgets";
import { exclusive } from "@/lib/db/exclusive";
import { log } from "@/lib/log";
import { countCredits, countSend, observeLatency } from "@/lib/metrics/record";
import { inSpan, recordSpan, storedContext } from "@/lib/metrics/tracing";
import { getInstanceValue } from "@/lib/db/instance";
import {
  claimSubmission,
  countSending,
  getSubmission,
  listQueued,
  renewSubmissionLease,
  updateSubmission,
  type Submission,
} from "@/lib/db/submissions";
import { countLive, insertTask } from "@/lib/db/tasks";
import { withdrawUnsent } from "@/lib/policy/withdraw";
import { learnFromRefusal } from "@/lib/tasks/refused-values";
import type { UpstreamFailure, UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import { CONCURRENCY, later, POLL_INTERVAL_MS, type Engine } from "./context";
import { acquire } from "./rate-budget";
import { authHeld, checkKey, getAuthHold, holdForAuth, pauseForRate, refusesKey, releaseAuthHold } from "./holds";
import { LEASE_MS, withHeartbeat } from "./heartbeat";

/** How long a sender holds a submission between heartbeats; after that another process (or this one, restarted) resends it. */
const SEND_LEASE_MS = LEASE_MS;
const MAX_BACKOFF_MS = 60_000;
/** Same-key resends after an unknown outcome (5xx, timeout, unreadable answer) before a person decides. */
export const MAX_SEND_ATTEMPTS = 5;

export const QUEUE_PAUSED = "queue_paused";

/** Sends waiting submissions while the account is under its limits and the budget allows. Returns how many were sent. */
export async function dispatchOnce(engine: Engine): Promise<number> {
  const { db } = engine.connection;
  if (await getInstanceValue(db, { key: QUEUE_PAUSED })) return 0;
  // While the key is refused one submission a minute goes out as the check; the rest wait in line.
  const hold = await getAuthHold(engine);
  if (hold && (await authHeld(engine, hold))) return 0;
  let sent = 0;
  kinds: for (const kind of ["video", "image"] as const) {
    const now = engine.now().toISOString();
    const ready = (await listQueued(db, { kind })).filter(
      (s) => (s.state === "queued" && s.next_attempt_at <= now) || (s.state === "sending" && (s.lease_until ?? "") <= now),
    );
    for (const submission of ready) {
      const claimed = await claimWithinLimit(engine, submission, kind);
      if (claimed === "full") break;
      if (claimed === "taken") continue;
      const lease = { id: submission.id, owner: engine.owner, version: claimed };
      const asked = engine.now();
      const budget = await acquire(engine.connection, { keyId: engine.keyId, priority: "high", now: asked });
      if (!budget.ok) {
        await updateSubmission(db, {
          id: submission.id,
          state: "queued",
          lease_until: null,
          next_attempt_at: new Date(asked.getTime() + budget.waitMs).toISOString(),
        });
        return sent;
      }
      // The submission's trace goes on here: its wait in the queue, then the upstream call and what it settled.
      const parent = storedContext(submission.traceparent);
      const attributes = {
        "darkroom.submission_id": submission.id,
        "darkroom.model": submission.model,
        "darkroom.attempt": submission.attempts + 1,
      };
      recordSpan("darkroom.queue", { parent, attributes, start: new Date(submission.created_at), end: new Date() });
      const { outcome, limited } = await inSpan("upstream.create", { parent, attributes }, async (span) => {
        const outcome = await withHeartbeat(
          `send ${submission.id}`,
          () => renewSubmissionLease(db, { ...lease, until: later(engine, SEND_LEASE_MS) }),
          () => send(engine, submission),
        );
        span.setAttribute("http.response.status_code", outcome.status ?? 0);
        if (outcome.ok) span.setAttribute("darkroom.task_id", outcome.value.id);
        return { outcome, limited: await settle(engine, submission, outcome) };
      });
      sent += 1;
      // Sent without a known cost: its charge (or its end) decides for those that waited for it.
      if (submission.estimated_credits === null) await releaseBudgetHolds(db, { now: engine.now().toISOString(), codes: [FIRST_CHARGE] });
      // A rate 429 holds every request for the key; a concurrency 429 stops this kind for the rest of the tick.
      if (limited === "rate") return sent;
      if (limited === "concurrency") continue kinds;
      if (!outcome.ok && (outcome.kind === "key_rejected" || outcome.kind === "forbidden")) return sent;
    }
  }
  // This tick claimed the key check and had nothing to send as it: check with a retrieval instead.
  if (hold && sent === 0) await checkKey(engine);
  return sent;
}

/**
 * Claims this submission if the rules still allow it and there is room for its kind, under an exclusive lock:
 * two Darkroom processes dispatching at once can never both take the last slot, nor both fit in the same
 * credits left. The rules are the door's, asked again now (lib/budgets/dispatch-check.ts): a submission whose
 * sender may no longer spend is cancelled, one over a budget or waiting for its scope's first charge is held.
 * Answers the lease's version, "taken" (another process has it, or listed it after a change, or it is held
 * or cancelled) or "full".
 */
async function claimWithinLimit(engine: Engine, submission: Submission, kind: "image" | "video"): Promise<number | "taken" | "full"> {
  const claim = await exclusive(engine.connection, `dispatch:${engine.keyId}`, async (trx) => {
    const now = engine.now().toISOString();
    // Judged as it is now, under the lock: another process may have claimed or changed it since it was listed.
    const current = await getSubmission(trx, { id: submission.id });
    if (!current || current.state !== submission.state || current.lease_version !== submission.lease_version) return "taken" as const;
    const verdict = await judgeDispatch(trx, current, engine.now());
    if (verdict.kind === "cancel") {
      await withdrawUnsent(trx, { ids: [submission.id], reason: verdict, actorId: null, now: engine.now() });
      return verdict;
    }
    if (verdict.kind === "hold") {
      await updateSubmission(trx, {
        id: submission.id,
        error_code: verdict.code,
        error_message: verdict.message,
        error_field: null,
        next_attempt_at: later(engine, verdict.recheckMs),
        updated_at: now,
      });
      return verdict;
    }
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
  if (typeof claim !== "object") return claim;
  if (claim.kind === "cancel" || submission.error_code !== claim.code)
    engine.publish({ type: "submission", id: submission.id, state: claim.kind === "cancel" ? "cancelled" : "queued" });
  return "taken";
}

/** The stored key and the stored bytes, every time: a retry is the same request, never a new one. */
function send(engine: Engine, submission: Submission): Promise<UpstreamOutcome<Task>> {
  if (submission.endpoint === "images") return engine.client.createImage(submission.body, submission.idempotency_key);
  if (submission.endpoint === "legacy") return engine.client.createLegacyVideo(submission.body, submission.idempotency_key);
  return engine.client.createVideo(submission.body, submission.idempotency_key);
}

/** Records what the upstream said; answers which limit a 429 hit. */
async function settle(engine: Engine, submission: Submission, outcome: UpstreamOutcome<Task>): Promise<"rate" | "concurrency" | undefined> {
  const { db } = engine.connection;
  const now = engine.now().toISOString();
  if (outcome.ok) await releaseAuthHold(engine);
  // An answer that could not be read but names its task: the task exists and may be charged, so it is
  // recorded (marked) and the poller reads it again, rather than resending or dropping it.
  const unreadable = !outcome.ok && outcome.kind === "malformed_response" && outcome.taskId !== undefined;
  if (outcome.ok || unreadable) {
    const task: Task = outcome.ok ? outcome.value : { id: outcome.taskId!, status: "pending" };
    const row = {
      status: task.status,
      credits_reserved: task.credits_reserved ?? null,
      credits_used: task.credits_used ?? null,
      credits_refunded: task.credits_refunded ?? null,
      error_code: task.error?.code ?? (task.status === "failed" ? "generation_failed" : null),
    };
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
        credits_reserved: task.credits_reserved ?? null,
        // A creation may answer an already-ended task (a prompt blocked as a failed task): all of it is kept.
        credits_used: task.credits_used ?? null,
        credits_refunded: task.credits_refunded ?? null,
        error_code: task.error?.code ?? (task.status === "failed" ? "generation_failed" : null),
        error_message: task.error?.message ?? null,
        upstream_raw: outcome.raw ?? null,
        legacy: submission.endpoint === "legacy" ? 1 : 0,
        unreadable: outcome.ok ? null : outcome.message,
        upstream_created_at: task.created_at ?? null,
        upstream_updated_at: task.updated_at ?? null,
        traceparent: submission.traceparent,
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
    // This process holds the submission's lease: it alone records the task's first credits (decision 14).
    countSend(submission, "accepted");
    // With the trace id beside them (lib/log.ts), so a line leads to the whole trace.
    log.info({ submissionId: submission.id, taskId: task.id, model: submission.model }, "task created");
    countCredits(submission, undefined, row);
    observeLatency(submission, "sent", submission.created_at, engine.now());
    engine.publish({ type: "submission", id: submission.id, state: "accepted", taskId: task.id });
    engine.publish({ type: "task", id: task.id, status: task.status, archive: "none" });
    // What it reserved replaced the estimate: a budget may have crossed a threshold now.
    await checkBudgetAlerts(engine.connection, { userId: submission.user_id, now: engine.now() }).catch((error: unknown) =>
      log.error({ err: error }, "budget alerts: check after an acceptance failed"),
    );
    return undefined;
  }
  // The API said credits are short: the admin's balance estimate is confirmed low.
  if (outcome.kind === "insufficient_credits") await markBalanceLow(db, { now });
  const limited = outcome.status === 429 ? await limitHit(engine, submission, outcome) : undefined;
  const patch = await afterFailure(engine, submission, outcome, limited);
  await updateSubmission(db, { id: submission.id, lease_until: null, updated_at: now, upstream_raw: outcome.raw ?? null, ...patch });
  countSend(submission, patch.state === "queued" ? "requeued" : patch.state);
  engine.publish({ type: "submission", id: submission.id, state: patch.state });
  return limited;
}

/**
 * Which limit a 429 hit, from what Darkroom knows rather than the body (a plain 429 says nothing): with
 * the account at its cap of live tasks of this kind, it is the concurrency limit; an explicit
 * concurrency code also counts (tasks made elsewhere with the key hold slots Darkroom cannot see);
 * anything else is the request rate.
 */
async function limitHit(engine: Engine, submission: Submission, failure: UpstreamFailure): Promise<"rate" | "concurrency"> {
  const live = await countLive(engine.connection.db, { kind: submission.kind });
  return live >= CONCURRENCY[submission.kind] || failure.kind === "concurrency_limited" ? "concurrency" : "rate";
}

// delta-image-2's contract does not list the Idempotency-Key, so a resend after an unknown outcome
// may be a second task, charged again: a person decides.
const NO_AUTOMATIC_RESEND = new Set(["delta-image-2"]);

async function afterFailure(engine: Engine, submission: Submission, failure: UpstreamFailure, limited: "rate" | "concurrency" | undefined) {
  const shown = {
    error_code: failure.kind,
    error_message: failure.message,
    error_field: failure.field ?? null,
    // What the service itself said, for the code chip (components/shared/error-codes.ts).
    error_status: failure.status ?? null,
    error_upstream_code: failure.code ?? null,
  };
  if (limited === "rate") {
    const { from, backoffMs } = await pauseForRate(engine, failure);
    // After the pause, the tick's polls go first (see loop.ts); this creation waits its own backoff.
    return { ...shown, error_code: "rate_limited", state: "queued" as const, next_attempt_at: new Date(from + backoffMs).toISOString() };
  }
  if (limited === "concurrency") {
    // Back in line, never dropped: a slot frees when one of the account's tasks ends.
    const message = "The account is at its limit of running tasks of this kind; it goes out when one ends.";
    const wait = failure.retryAfterMs ?? POLL_INTERVAL_MS;
    return {
      ...shown,
      error_code: "concurrency_limited",
      error_message: message,
      state: "queued" as const,
      next_attempt_at: later(engine, wait),
    };
  }
  const refused = refusesKey(failure, submission.model);
  if (refused) {
    // Nothing is lost: the submission waits in line while the queue is held and a check runs each minute.
    await holdForAuth(engine, refused);
    return { ...shown, state: "queued" as const, next_attempt_at: engine.now().toISOString() };
  }
  if (failure.kind === "forbidden") {
    // gamma-5-pro's 403 also means "this request is not allowed", and a body that does not say which
    // cannot tell the two apart: this one waits for a person, and the queue holds until a check passes.
    await holdForAuth(engine, "account_disabled");
    const message =
      "The generation service refused this request (HTTP 403): either gamma-5-pro does not allow it, or the API account is disabled. Nothing was charged. The queue waits until the account works again; send this one again if you still want it.";
    return { ...shown, error_message: message, state: "attention" as const };
  }
  if (failure.retryable) {
    const attempts = submission.attempts + 1;
    if (attempts >= MAX_SEND_ATTEMPTS || (NO_AUTOMATIC_RESEND.has(submission.model) && unknownOutcome(failure))) {
      return { ...shown, attempts, error_message: attentionMessage(submission, failure), state: "attention" as const };
    }
    const backoff = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** (attempts - 1)) * (0.5 + Math.random() / 2);
    return { ...shown, state: "queued" as const, attempts, next_attempt_at: later(engine, backoff) };
  }
  if (failure.kind === "idempotency_conflict") {
    const message =
      "The generation service says this submission's key was already used with a different request, so it did not take this one. Nothing new was charged for it; send it again with a new key if you still want it.";
    return { ...shown, error_message: message, state: "attention" as const };
  }
  // A 422 about a value the spec leaves open is remembered, so the form stops offering it (refused-values).
  const learned = submission.endpoint === "legacy" ? undefined : await learnFromRefusal(engine.connection.db, submission, failure);
  return { ...shown, ...(learned ? { error_message: learned } : {}), state: "rejected" as const };
}

/** The request may have reached the upstream and been charged, and the answer does not say. */
const unknownOutcome = (failure: UpstreamFailure) =>
  failure.kind === "server_error" ||
  failure.kind === "timeout" ||
  failure.kind === "network_error" ||
  failure.kind === "malformed_response";

function attentionMessage(submission: Submission, failure: UpstreamFailure): string {
  const tries = submission.attempts + 1;
  return (
    `${failure.message} After ${tries === 1 ? "one try" : `${tries} tries`} with the same key it is not known whether the generation service created (and charged for) this task. ` +
    "If it shows up in the service's own dashboard, import it by its id; otherwise send it again with a new key (this may charge a second time if the first did go through)."
  );
}

export function promptOf(params: string): string | null {
  try {
    const value = (JSON.parse(params) as { prompt?: unknown }).prompt;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
