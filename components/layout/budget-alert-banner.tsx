"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { budgetAlertsQueryOptions } from "@/lib/query/budgets";
import type { BudgetAlertView } from "@/lib/schemas/budgets";

// Most pages, most of the time, have no alert: the list (and the notifications code) loads only when one fires.
// With alerts from the server, the page's HTML shows them at once; the list's code arrives for hydration.
const BudgetAlertList = lazy(() => import("./budget-alert-list").then((module) => ({ default: module.BudgetAlertList })));

/** The budget alerts for this member (their own budgets and the team's; all for admins), looked at again every 20 s. */
export function BudgetAlertBanner({ initial }: { initial: BudgetAlertView[] }) {
  const { data: alerts = initial } = useQuery({ ...budgetAlertsQueryOptions(), initialData: initial });
  if (alerts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BudgetAlertList alerts={alerts} />
    </Suspense>
  );
}
