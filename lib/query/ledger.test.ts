// How a tab reads its credit figures again on live events (lib/query/ledger.ts): a burst costs one read, and
// the one snapshot feeds the budget rows, the sidebar's "left" and the balance card, of the same moment.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "./cache";
import { budgetKeys } from "./keys";
import { ledgerPath, ledgerQueryOptions, refreshCreditsSoon } from "./ledger";

const snapshot = (n: number) => ({
  budgets: { budgets: [], timeZone: "UTC", canEdit: false, viewerId: `read ${n}` },
  balance: null,
  today: {},
  report: null,
});

describe("live credit figures", () => {
  let reads: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    reads = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        reads.push(url);
        return new Response(JSON.stringify(url.startsWith("/api/credits/ledger") ? snapshot(reads.length) : {}), {
          headers: { "content-type": "application/json" },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("reads the shown snapshot once for a burst of events, and puts its budgets and balance where the page reads them", async () => {
    const client = new QueryClient();
    const ledger = client.build(ledgerQueryOptions(client, "30d"));
    ledger.observers.add({ enabled: true, staleTime: 30_000 });
    for (let i = 0; i < 20; i++) refreshCreditsSoon(client);
    await vi.runAllTimersAsync();
    expect(reads.filter((url) => url === ledgerPath("30d"))).toHaveLength(1);
    // Neither the budgets nor the balance were read on their own: the snapshot brought them.
    expect(reads).not.toContain("/api/budgets");
    expect(reads).not.toContain("/api/balance");
    expect(client.getQueryData(budgetKeys.list)).toEqual(snapshot(1).budgets);
    expect(client.getQueryData(budgetKeys.balance)).toEqual({ balance: null });
  });

  it("reads the budgets on their own on a page that shows no snapshot", async () => {
    const client = new QueryClient();
    const budgets = client.build({ queryKey: budgetKeys.list, queryFn: () => fetch("/api/budgets").then((r) => r.json()) });
    budgets.observers.add({ enabled: true, staleTime: 30_000 });
    refreshCreditsSoon(client);
    refreshCreditsSoon(client);
    await vi.runAllTimersAsync();
    expect(reads).toEqual(["/api/budgets"]);
  });
});
