"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { notificationsWanted } from "@/lib/notifications-browser";
import { useDismissBudgetAlert } from "@/lib/query/budgets";
import type { BudgetAlertView } from "@/lib/schemas/budgets";

const NOTIFIED = "darkroom:budget-alerts-notified";
/** Only alerts this recent become a browser notification: opening Darkroom after a week does not replay them. */
const FRESH_MS = 15 * 60_000;

/** A browser notification per alert, once per browser, where the member turned notifications on. */
function notifyNew(alerts: BudgetAlertView[]) {
  if (!notificationsWanted()) return;
  let seen: string[];
  try {
    seen = JSON.parse(localStorage.getItem(NOTIFIED) ?? "[]") as string[];
  } catch {
    seen = [];
  }
  const fresh = alerts.filter((a) => !seen.includes(a.id) && Date.now() - Date.parse(a.firedAt) < FRESH_MS);
  for (const alert of fresh) new Notification("Darkroom: budget alert", { body: alert.text, tag: `budget-${alert.id}` });
  if (fresh.length > 0) localStorage.setItem(NOTIFIED, JSON.stringify([...seen, ...fresh.map((a) => a.id)].slice(-200)));
}

/** The alerts themselves, each dismissible (BudgetAlertBanner loads this only once there is one). */
export function BudgetAlertList({ alerts }: { alerts: BudgetAlertView[] }) {
  const dismiss = useDismissBudgetAlert();
  useEffect(() => notifyNew(alerts), [alerts]);
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
