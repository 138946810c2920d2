"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { notificationsWanted } from "@/lib/notifications-browser";
import { useBudgetAlerts, useDismissBudgetAlert } from "@/lib/query/budgets";
import type { BudgetAlertView } from "@/lib/schemas/budgets";

/**
 * The budget alerts for this member (their own budgets and the team's; all for admins), each dismissible,
 * looked at again every 20 s. The layout renders this when the server read some; otherwise BudgetAlertWatcher
 * loads it once one fires.
 */
export function BudgetAlerts({ initial }: { initial: BudgetAlertView[] }) {
  const alerts = useBudgetAlerts(initial);
  const dismiss = useDismissBudgetAlert();
  useEffect(() => {
    // The notifications' code loads only for who turned them on.
    if (alerts.length > 0 && notificationsWanted()) void import("./budget-alert-notify").then((module) => module.notifyNew(alerts));
  }, [alerts]);
  if (alerts.length === 0) return null;
  return (
    <div className="grid gap-2" aria-label="Budget alerts" role="region">
      {alerts.map((alert) => (
        <Alert key={alert.id} tone={alert.threshold >= 100 ? "danger" : "warning"} data-testid="budget-alert">
          <div className="flex items-start justify-between gap-3">
            <p>
              {alert.text} <Link href="/credits#budgets">See budgets</Link>
            </p>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Dismiss this alert"
              pending={dismiss.isPending && dismiss.variables === alert.id}
              onClick={() => dismiss.mutate(alert.id)}
              className="-mt-1.5 -mr-1.5"
            >
              <X aria-hidden />
            </Button>
          </div>
        </Alert>
      ))}
    </div>
  );
}
