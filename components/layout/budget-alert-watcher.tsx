"use client";

import { lazy, Suspense } from "react";
import { useLiveCredits } from "@/components/shared/use-live-credits";
import { budgetsQueryOptions, useBudgetAlerts } from "@/lib/query/budgets";
import { useQuery } from "@/lib/query/react";

// Most pages, most of the time, have no alert: the list loads only when one fires.
const BudgetAlerts = lazy(() => import("./budget-alert-list").then((module) => ({ default: module.BudgetAlerts })));

/**
 * Where the server read no budget alert. Without a budget no alert can fire, and the tab asks for nothing (the
 * budgets are the account panel's, already in the cache; a budget set in this tab puts them there). With one,
 * it follows the tab's share of the event stream, reads the alerts again when credits move, and shows them
 * once there are some.
 */
export function BudgetAlertWatcher() {
  const { data } = useQuery(budgetsQueryOptions());
  return data && data.budgets.length > 0 ? <AlertFollower /> : null;
}

function AlertFollower() {
  useLiveCredits();
  const alerts = useBudgetAlerts([]);
  if (alerts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BudgetAlerts initial={alerts} />
    </Suspense>
  );
}
