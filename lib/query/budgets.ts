import { queryOptions } from "./cache";
import { useMutation, useQuery, useQueryClient } from "./react";
import type { BalanceAnswer, BudgetAlertView, BudgetInput, BudgetsAnswer } from "@/lib/schemas/budgets";
import { fetchJson } from "./fetch-json";
import { budgetKeys, ledgerKeys } from "./keys";

export function budgetsQueryOptions() {
  return queryOptions({
    queryKey: budgetKeys.list,
    queryFn: ({ signal }) => fetchJson<BudgetsAnswer>("/api/budgets", { signal }),
  });
}

/**
 * The banner's alerts. Not polled: an alert fires only when credits are committed, which the tab's share of the
 * one event stream reports (useLiveCredits reads them again then); a poll per tab made ten tabs cost ten times
 * one. Read again, too, when the tab comes back (another tab may have dismissed one).
 */
export function budgetAlertsQueryOptions() {
  return queryOptions({
    queryKey: budgetKeys.alerts,
    queryFn: ({ signal }) => fetchJson<{ alerts: BudgetAlertView[] }>("/api/budgets/alerts", { signal }).then((b) => b.alerts),
  });
}

/** The member's budget alerts, starting from what the server read. */
export function useBudgetAlerts(initial: BudgetAlertView[]): BudgetAlertView[] {
  const { data = initial } = useQuery({ ...budgetAlertsQueryOptions(), initialData: initial });
  return data;
}

export function balanceQueryOptions() {
  return queryOptions({
    queryKey: budgetKeys.balance,
    queryFn: ({ signal }) => fetchJson<BalanceAnswer>("/api/balance", { signal }),
  });
}

/** Each budget write answers the whole list: it replaces the cached one. */
function useBudgetWrite<T>(send: (input: T) => Promise<BudgetsAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(budgetKeys.list, answer);
      void queryClient.invalidateQueries({ queryKey: budgetKeys.alerts });
      // A snapshot read before the write would put the old budgets back: it is read again (an older one is cancelled).
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
  });
}

export const useSetBudget = () =>
  useBudgetWrite((input: BudgetInput) => fetchJson<BudgetsAnswer>("/api/budgets", { method: "PUT", json: input }));

export const useRemoveBudget = () =>
  useBudgetWrite((id: string) => fetchJson<BudgetsAnswer>(`/api/budgets/${encodeURIComponent(id)}`, { method: "DELETE" }));

export const useAllowOnce = () =>
  useBudgetWrite((userId: string) => fetchJson<BudgetsAnswer>("/api/budgets/allow-once", { method: "POST", json: { userId } }));

export function useDismissBudgetAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ alerts: BudgetAlertView[] }>(`/api/budgets/alerts/${encodeURIComponent(id)}`, { method: "DELETE" }).then((b) => b.alerts),
    onSuccess: (alerts) => queryClient.setQueryData(budgetKeys.alerts, alerts),
  });
}

export function useEnterBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => fetchJson<BalanceAnswer>("/api/balance", { method: "PUT", json: { amount } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(budgetKeys.balance, answer);
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    },
  });
}

export function useSetTimeZone() {
  return useMutation({
    mutationFn: (timeZone: string) => fetchJson<{ timeZone: string }>("/api/settings/time-zone", { method: "PUT", json: { timeZone } }),
  });
}
