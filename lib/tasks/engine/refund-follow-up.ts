import "server-only";
import type { Updateable } from "kysely";
import type { TaskTable } from "@/lib/db/schema";
import { POLL_INTERVAL_MS } from "./context";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A refund not reported this long after the failure is shown as not confirmed, and no longer followed up. */
export const REFUND_FOLLOW_UP_FOR_MS = 7 * DAY_MS;
/**
 * Refunds usually settle within seconds of the failure (the emulator's take 10 s): for this long after it the
 * refund is followed at the live tasks' 5 s floor, so the card stops saying "pending" as soon as it settled.
 * Two minutes at 5 s is at most 24 low-priority requests per failed task, inside the budget's low share.
 */
export const REFUND_FAST_FOR_MS = 2 * MINUTE_MS;
/** The floor plus the poller's margin: the API must see 5 s between two retrievals of the task. */
const FAST_WAIT_MS = POLL_INTERVAL_MS + 100;

/**
 * A failed task whose refund has not shown is looked at again, whatever its code (a refund may settle
 * after generation_failed too): every 5 s for the first two minutes, then from a minute, doubling (the wait
 * is the time since the failure) to a day, then daily until 7 days after the failure, then shown as "refund
 * not confirmed". Nothing to follow when the refund is known, nothing was reserved, or the failure is one the
 * spec never refunds (media_deleted).
 */
export function refundFollowUp(
  now: Date,
  { completedAt, refunded, reserved, code }: { completedAt: string; refunded: number | undefined; reserved: number | null; code?: string },
): Updateable<TaskTable> {
  if (refunded !== undefined || !reserved || code === "media_deleted") return { next_poll_at: null, refund_unconfirmed: 0 };
  const since = now.getTime() - Date.parse(completedAt);
  if (since >= REFUND_FOLLOW_UP_FOR_MS) return { next_poll_at: null, refund_unconfirmed: 1 };
  const wait = since < REFUND_FAST_FOR_MS ? FAST_WAIT_MS : Math.min(DAY_MS, Math.max(MINUTE_MS, since), REFUND_FOLLOW_UP_FOR_MS - since);
  return { next_poll_at: new Date(now.getTime() + wait).toISOString() };
}
