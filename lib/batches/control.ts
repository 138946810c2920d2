import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { cancelBatchRows, pauseBatchRows, resumeBatchRows, setBatchState } from "@/lib/db/batches";
import { publishTaskEvent } from "@/lib/events/bus";
import { AppError } from "@/lib/errors";
import type { BatchState } from "@/lib/schemas/batches";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { changeableBatch } from "./start";

// Pause, resume and cancel act on the rows themselves, in one transaction with the batch's state: a paused
// row leaves the queue (state "paused"), so the dispatcher never lists it, and resuming puts it back where
// it was. Only rows never sent are touched; a row sent once and waiting for a same-key resend may already
// exist upstream, so it goes on (its Idempotency-Key would not be kept forever).

export type BatchAction = "pause" | "resume" | "cancel";

const NEXT: Record<BatchAction, BatchState> = { pause: "paused", resume: "running", cancel: "cancelled" };

const CANCELLED = "Cancelled with its batch before it was sent. Nothing was charged.";

export async function changeBatchState(user: SessionUser, id: string, action: BatchAction): Promise<void> {
  const batch = await changeableBatch(user, id);
  if (batch.state === "cancelled")
    throw new AppError("conflict:batch", "This batch was cancelled; retry its failed rows as a new batch instead.");
  const now = new Date().toISOString();
  const changed = await database()
    .db.transaction()
    .execute(async (trx) => {
      await setBatchState(trx, { id, state: NEXT[action], now });
      if (action === "pause") return pauseBatchRows(trx, { id, now });
      if (action === "resume") return resumeBatchRows(trx, { id, now });
      return cancelBatchRows(trx, { id, message: CANCELLED, now });
    });
  if (action === "resume") kickEngine();
  // One event for the whole change, its first row's: open queue panels and batch pages refetch on it.
  const first = changed[0];
  if (first) await publishTaskEvent({ type: "submission", id: first, state: action === "resume" ? "queued" : NEXT[action] });
}
