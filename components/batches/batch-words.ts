// Words and tones for a batch's rows and states, the same on the list and a batch's page.
import { formatNumber, plural } from "@/lib/format";
import type { BatchCounts, BatchRowStatus, BatchState } from "@/lib/schemas/batches";

export const ROW_STATUS: Record<BatchRowStatus, string> = {
  waiting: "Waiting",
  paused: "Paused",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const ROW_TONE: Record<BatchRowStatus, "default" | "primary" | "success" | "danger" | "outline"> = {
  waiting: "outline",
  paused: "default",
  running: "primary",
  succeeded: "success",
  failed: "danger",
  cancelled: "outline",
};

export const BATCH_STATE: Record<BatchState, string> = { running: "Running", paused: "Paused", cancelled: "Cancelled" };

/** Rows that reached an end (done, failed or cancelled). */
export const finished = (counts: BatchCounts) => counts.succeeded + counts.failed + counts.cancelled;

/** The batch's state as a person reads it: a running batch with nothing left to do is done. */
export function stateWords(state: BatchState, counts: BatchCounts): string {
  if (state === "running" && counts.waiting + counts.running + counts.paused === 0) return "Done";
  return BATCH_STATE[state];
}

/** "12 of 50 rows done, 1 failed". */
export function progressWords(rows: number, counts: BatchCounts): string {
  const parts = [`${formatNumber(finished(counts))} of ${plural(rows, "row")} finished`];
  if (counts.failed > 0) parts.push(`${formatNumber(counts.failed)} failed`);
  if (counts.paused > 0) parts.push(`${formatNumber(counts.paused)} paused`);
  return parts.join(", ");
}

/** "about 3 min left", from the batch's own rate. */
export function etaWords(ms: number | null): string | null {
  if (ms === null) return null;
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h ${minutes % 60} min left`;
}
