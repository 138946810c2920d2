import type { LedgerSnapshot } from "@/lib/credits/snapshot";
import type { CreditPeriod } from "@/lib/schemas/credits";
import { queryOptions, type QueryClient } from "./cache";
import { fetchJson } from "./fetch-json";
import { budgetKeys, ledgerKeys } from "./keys";

export type { LedgerSnapshot };

/** The path of one snapshot; the server reads the same for its first paint (lib/query/server/prefetch-ledger.ts). */
export const ledgerPath = (period: CreditPeriod | null) => `/api/credits/ledger${period ? `?period=${period}` : ""}`;

/**
 * A page's ledger snapshot. Its answer carries the budgets and the balance of the same moment, which it puts
 * where the budget rows, the sidebar's "left" and the balance card read them: the whole page shows one moment.
 */
export function ledgerQueryOptions(client: QueryClient, period: CreditPeriod | null) {
  return queryOptions({
    queryKey: ledgerKeys.snapshot(period),
    queryFn: async ({ signal }) => {
      const snapshot = await fetchJson<LedgerSnapshot>(ledgerPath(period), { signal });
      client.setQueryData(budgetKeys.list, snapshot.budgets);
      client.setQueryData(budgetKeys.balance, { balance: snapshot.balance });
      return snapshot;
    },
  });
}

/**
 * Reads every credit figure the tab shows again: the snapshot of the page when it shows one (its answer brings
 * the budgets and balance with it), else the budgets and balance alone; and the alerts.
 */
export function refreshCredits(client: QueryClient): void {
  let shown = false;
  // find() runs the predicate at once, before any fetch starts: `shown` is known on the next line.
  void client.invalidateQueries({
    queryKey: ledgerKeys.all,
    predicate: (query) => {
      shown ||= query.activeStaleTime !== undefined;
      return true;
    },
  });
  if (shown) void client.invalidateQueries({ queryKey: budgetKeys.alerts });
  else void client.invalidateQueries({ queryKey: budgetKeys.all });
}

/** A burst of events (a batch starting, tasks ending together) costs one read: quiet this long, or at most the cap. */
const QUIET_MS = 300;
const MAX_WAIT_MS = 2_000;
let pending: { timer: ReturnType<typeof setTimeout>; since: number } | undefined;

/** refreshCredits once the events stop coming for a moment; every caller in the tab shares the one timer. */
export function refreshCreditsSoon(client: QueryClient): void {
  const now = Date.now();
  const since = pending?.since ?? now;
  clearTimeout(pending?.timer);
  const wait = Math.max(0, Math.min(QUIET_MS, since + MAX_WAIT_MS - now));
  pending = {
    since,
    timer: setTimeout(() => {
      pending = undefined;
      refreshCredits(client);
    }, wait),
  };
}
