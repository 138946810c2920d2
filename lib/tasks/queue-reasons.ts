import "server-only";
import { FIRST_CHARGE, OVER_BUDGET } from "@/lib/db/budgets";
import type { Connection } from "@/lib/db/connect";
import { liveRuns } from "@/lib/db/estimates";
import { getInstanceValue } from "@/lib/db/instance";
import { countSentSince, getPause, nthSentSince } from "@/lib/db/rate";
import type { Submission } from "@/lib/db/submissions";
import { queueReason, type QueueReason, type QueueReasonCode } from "@/lib/schemas/queue-reasons";
import { CONCURRENCY } from "@/lib/schemas/views";
import { QUEUE_PAUSED } from "./engine/dispatch";
import { getAuthHold } from "./engine/holds";
import { BUDGET, WINDOW_MS } from "./engine/rate-budget";
import { estimator, type Estimator } from "./estimates";

// Why each waiting submission waits, read from the same state the dispatcher reads (lib/tasks/engine/dispatch.ts),
// in the order it applies it: the admin's pause, a refused key, a budget's hold (over it, or waiting for the first
// charge of a model), the key's rate pause or spent budget, the submission's own retry time, then a free slot of
// its kind. And when it should go out: the slots of its kind
// are played forward, each live task ending at its creation plus the estimate for its model and settings.

export interface Explained {
  reason: QueueReason;
  sendAt: string | null;
}

export interface QueueContext {
  connection: Connection;
  /** The rate budget's name for the API key; without one (no upstream configured) no rate wait is known. */
  keyId?: string;
  now: Date;
}

/** When every request for the key may go again: a Retry-After pause, or the high-priority budget spent until a request leaves the window. */
async function keyWaitUntil({ connection, keyId, now }: QueueContext): Promise<number | null> {
  if (!keyId) return null;
  const nowMs = now.getTime();
  const paused = await getPause(connection.db, { keyId });
  let until = paused && Date.parse(paused) > nowMs ? Date.parse(paused) : null;
  const since = new Date(nowMs - WINDOW_MS).toISOString();
  const sent = await countSentSince(connection.db, { keyId, since });
  if (sent >= BUDGET.high) {
    const pivot = await nthSentSince(connection.db, { keyId, since, n: sent - BUDGET.high });
    const room = (pivot ? Date.parse(pivot) : nowMs) + WINDOW_MS + 1;
    until = Math.max(until ?? 0, room);
  }
  return until;
}

const runMs = async (estimate: Estimator, model: string, params: string | null) => (await estimate(model, params))?.expectedMs ?? Infinity;

/** Explains every submission of `waiting` (in dispatch order, as listQueued answers), by id. */
export async function explainQueue(context: QueueContext, waiting: Submission[]): Promise<Map<string, Explained>> {
  const { connection, now } = context;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const explained = new Map<string, Explained>();
  if (waiting.length === 0) return explained;
  const paused = Boolean(await getInstanceValue(connection.db, { key: QUEUE_PAUSED }));
  const hold = await getAuthHold({ connection });
  const keyWait = await keyWaitUntil(context);
  const estimate = estimator(connection.db);
  const live = await liveRuns(connection.db);
  const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null);

  for (const kind of ["video", "image"] as const) {
    const sending = waiting.filter((s) => s.kind === kind && s.state === "sending" && (s.lease_until ?? "") > nowIso);
    // When each slot of this kind frees: a live task at its expected end (now, once past it), a send under way
    // when its task would end, a free slot now. Infinity: no estimate to tell.
    const slots: number[] = [];
    for (const task of live.filter((t) => t.kind === kind))
      slots.push(Math.max(nowMs, Date.parse(task.created_at) + (await runMs(estimate, task.model, task.params))));
    for (const s of sending) slots.push(nowMs + (await runMs(estimate, s.model, s.params)));
    while (slots.length < CONCURRENCY[kind]) slots.push(nowMs);

    // Whether a slot is free now is a count, as the dispatcher's claim counts it; the estimates only time them.
    let free = Math.max(0, CONCURRENCY[kind] - live.filter((t) => t.kind === kind).length - sending.length);
    for (const s of sending) explained.set(s.id, { reason: queueReason("sending", null, nowMs), sendAt: nowIso });
    for (const submission of waiting.filter((s) => s.kind === kind && !sending.includes(s))) {
      const slotFree = free > 0;
      free -= 1;
      slots.sort((a, b) => a - b);
      const slotAt = slots.shift() ?? Infinity;
      const own = Date.parse(submission.next_attempt_at);
      const ownWait = own > nowMs ? own : null;
      const sendMs = Math.max(slotAt, keyWait ?? nowMs, ownWait ?? nowMs);
      slots.push(sendMs + (await runMs(estimate, submission.model, submission.params)));

      const slotCode: QueueReasonCode = kind === "video" ? "video_slot" : "image_slot";
      let code: QueueReasonCode;
      let until: number | null = null;
      if (paused) code = "paused";
      else if (hold) {
        code = hold.reason;
        until = Date.parse(hold.recheckAt);
      } else if (submission.error_code === FIRST_CHARGE) code = "first_charge";
      else if (submission.error_code === OVER_BUDGET) {
        code = "over_budget";
        until = ownWait;
      } else if (keyWait) {
        code = "rate_limited";
        until = keyWait;
      } else if (ownWait && submission.error_code === "concurrency_limited") code = slotCode;
      else if (ownWait) {
        // No error: the budget sent it back to wait for room (a rate wait); an unclear answer: a same-key retry.
        code = !submission.error_code || submission.error_code === "rate_limited" ? "rate_limited" : "retrying";
        until = ownWait;
      } else code = slotFree ? "next" : slotCode;
      // Paused or held: it goes when a person resumes, the key works again or a budget allows, which no one can
      // foretell (a first charge decides whether it goes at all).
      const unknowable = ["paused", "key_refused", "account_disabled", "first_charge", "over_budget"].includes(code);
      explained.set(submission.id, { reason: queueReason(code, iso(until ?? NaN), nowMs), sendAt: unknowable ? null : iso(sendMs) });
    }
  }
  return explained;
}

/** A submission held for a person's decision. */
export const attentionReason = (now: Date): Explained => ({ reason: queueReason("attention", null, now.getTime()), sendAt: null });
