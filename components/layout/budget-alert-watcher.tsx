"use client";

import { lazy, Suspense } from "react";
import { useBudgetAlerts } from "@/lib/query/budgets";

// Most pages, most of the time, have no alert: the list loads only when one fires.
const BudgetAlerts = lazy(() => import("./budget-alert-list").then((module) => ({ default: module.BudgetAlerts })));

/** Where the server read no budget alert: looks again every 20 s, and shows the alerts once there are some. */
export function BudgetAlertWatcher() {
  const alerts = useBudgetAlerts([]);
  if (alerts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BudgetAlerts initial={alerts} />
    </Suspense>
  );
}
