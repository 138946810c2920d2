import "server-only";
import type { Updateable } from "kysely";
import type { TaskTable } from "@/lib/db/schema";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A refund not reported this long after the failure is shown as not confirmed, and no longer followed up. */
export const REFUND_FOLLOW_UP_FOR_MS = 7 * DAY_MS;

/**
 * A failed task whose refund has not shown is looked at again, whatever its code (a refund may settle
 * after generation_failed too): from a minute, doubling (the wait is the time since the failure) to a day,
 * then daily until 7 days after the failure, then shown as "refund not confirmed". Nothing to follow when
 * the refund is known, nothing was reserved, or the failure is one the spec never refunds (media_deleted).
 */
export function refundFollowUp(
  now: Date,
  { completedAt, refunded, reserved, code }: { completedAt: string; refunded: number | undefined; reserved: number | null; code?: string },
): Updateable<TaskTable> {
  if (refunded !== undefined || !reserved || code === "media_deleted") return { next_poll_at: null, refund_unconfirmed: 0 };
  const since = now.getTime() - Date.parse(completedAt);
  if (since >= REFUND_FOLLOW_UP_FOR_MS) return { next_poll_at: null, refund_unconfirmed: 1 };
  const wait = Math.min(DAY_MS, Math.max(MINUTE_MS, since), REFUND_FOLLOW_UP_FOR_MS - since);
  return { next_poll_at: new Date(now.getTime() + wait).toISOString() };
}
