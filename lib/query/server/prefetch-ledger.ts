import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { ledgerSnapshot } from "@/lib/credits/snapshot";
import type { CreditPeriod } from "@/lib/schemas/credits";
import type { DehydratedState } from "../cache";
import { budgetKeys, ledgerKeys } from "../keys";
import { eventLogEnd } from "./event-log-end";

/**
 * A page's ledger snapshot for its first paint, under the keys the browser reads it by (lib/query/ledger.ts),
 * with the budgets and balance of the same moment, and the event log's end as it stood before the read: the
 * stream resumes there, so a task that ends while the page loads still moves the figures.
 */
export async function prefetchLedger(user: SessionUser, period: CreditPeriod | null): Promise<{ state: DehydratedState }> {
  const eventsAfter = await eventLogEnd();
  const snapshot = await ledgerSnapshot(user, { period: period ?? undefined });
  const updatedAt = Date.now();
  const queries = [
    { queryKey: ledgerKeys.snapshot(period), data: snapshot, updatedAt },
    { queryKey: budgetKeys.list, data: snapshot.budgets, updatedAt },
    { queryKey: budgetKeys.balance, data: { balance: snapshot.balance }, updatedAt },
  ];
  return { state: { queries, eventsAfter } };
}
