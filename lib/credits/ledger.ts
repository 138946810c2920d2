import "server-only";
import type { Kysely } from "kysely";
import { inOneSnapshot, spendFigures } from "@/lib/db/budgets";
import type { Database } from "@/lib/db/schema";

/**
 * The ledger: the one read model of every credit figure Darkroom shows for a window of tasks (a budget's
 * period, the team's day on the Overview, the time since a balance was entered). Each figure is read from the
 * same rows in one snapshot (tasks and waiting submissions together), and each word means one thing, the same
 * as on the Credits page and in the usage export (lib/db/credit-totals.ts and the credit rollups' triggers of
 * migration 0011 count each task under the same word):
 *
 * - **used**: credits debited for good: succeeded tasks (and succeeded ones whose upstream copy was later
 *   deleted, `media_deleted`), at `credits_used`, else what they reserved.
 * - **reserved now**: credits held by tasks still pending or generating (not lost), neither used nor refunded.
 * - **refund pending**: credits reserved by failed tasks whose refund is settling (`refund_pending`, no
 *   `credits_refunded` yet).
 * - **refunded**: credits returned to failed tasks (`credits_refunded`).
 * - **waiting**: the estimated cost of submissions waiting in line, being sent or paused in a batch (no task yet).
 * - **committed**: used + reserved now + refund pending + waiting: what a budget counts against its limit.
 *
 * A failed task that reserved nothing or got its refund, and a lost task (its outcome unknown), hold nothing.
 */
export interface LedgerFigures {
  tasks: number;
  used: number;
  reservedNow: number;
  refundPending: number;
  refunded: number;
  waiting: number;
  committed: number;
}

// Sums of doubles: the last bits are noise, not credits.
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The figures of tasks created in [start, end), for one member (`userId`) or the team (null), with the
 * submissions waiting now (`waiting: "sending"` counts only those being sent: the dispatcher's re-check).
 */
export async function ledgerWindow(
  db: Kysely<Database>,
  { userId, start, end, waiting = "all" }: { userId: string | null; start: string; end: string; waiting?: "all" | "sending" },
): Promise<LedgerFigures> {
  const figures = await inOneSnapshot(db, (read) => spendFigures(read, { userId, start, end, queued: waiting }));
  return {
    tasks: figures.tasks,
    used: figures.used,
    reservedNow: figures.reservedNow,
    refundPending: figures.refundPending,
    refunded: figures.refunded,
    waiting: figures.queued,
    committed: round(figures.used + figures.reservedNow + figures.refundPending + figures.queued),
  };
}

/** Everything after `since`, for the balance estimate. */
export const SINCE_FOREVER_END = "9999-12-31T00:00:00.000Z";
