"use client";

import { ChevronDown, CircleAlert, TriangleAlert, X } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { alertFigures, alertHeadline, alertLine } from "@/lib/budgets/alert-line";
import { useBudgetAlerts, useDismissBudgetAlert } from "@/lib/query/budgets";
import type { BudgetAlertView } from "@/lib/schemas/budgets";
import { cn } from "@/lib/utils";
import { useLiveCredits } from "@/components/shared/use-live-credits";

/**
 * The budget alerts for this member (their own budgets and the team's; all for admins), folded into one line
 * above the page: one alert per budget, with its live figures, following the same events as the budget rows.
 * The line opens a list of the alerts in full, each dismissible. The layout renders this when the server read
 * some (so it is in the first paint: no shift once the page is shown); otherwise BudgetAlertWatcher loads it
 * once one fires.
 */
export function BudgetAlerts({ initial }: { initial: BudgetAlertView[] }) {
  const alerts = useBudgetAlerts(initial);
  const dismiss = useDismissBudgetAlert();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useLiveCredits();
  useEffect(() => {
    // The notifications' code loads only where an alert shows, and notifies only who turned them on; each
    // threshold crossed is notified once. (Imported here, their preference's module was in every page's first
    // screen, ≈ 0.5 KiB, since the layout carries this list.)
    if (alerts.length > 0) void import("./budget-alert-notify").then((module) => module.notifyNew(alerts));
  }, [alerts]);
  if (alerts.length === 0) return null;
  const urgent = alerts.some((alert) => alert.threshold >= 100);
  const Icon = urgent ? CircleAlert : TriangleAlert;
  return (
    <section
      aria-label="Budget alerts"
      data-testid="budget-alerts"
      // min-w-0: a grid item is as wide as its content by default, and the line's unwrapped text would widen the page.
      className={cn("min-w-0 rounded-lg border text-sm", urgent ? "border-danger/40 bg-danger/10" : "border-warning/50 bg-warning/10")}
    >
      <div className="flex items-center gap-2 py-1 pr-3 pl-2">
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={alertLine(alerts)}
          onClick={() => setOpen(!open)}
          className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-1 py-0.5 text-left"
        >
          <Icon aria-hidden className={cn("size-4 shrink-0", urgent ? "text-danger" : "text-warning")} />
          {/* One line whatever the width: what does not fit ends in "…", and the list below says it in full. */}
          <span className="min-w-0 truncate" data-testid="budget-alert-line">
            <span className="font-medium">{alertHeadline(alerts)}</span>
            {alertFigures(alerts).map((figure) => (
              <span key={figure} className="tabular-nums">
                {" · "}
                {figure}
              </span>
            ))}
          </span>
          <ChevronDown
            aria-hidden
            className={cn("size-4 shrink-0 transition-transform motion-reduce:transition-none", open && "rotate-180")}
          />
        </button>
        <Link href="/credits#budgets" className="shrink-0 font-medium underline underline-offset-4">
          See budgets
        </Link>
      </div>
      <ul id={listId} hidden={!open} className="grid gap-1 border-t border-inherit px-3 py-2">
        {alerts.map((alert) => (
          <li key={alert.id} data-testid="budget-alert" className="flex items-start justify-between gap-3">
            <p id={`${listId}-${alert.id}`} className="py-1.5 text-pretty">
              {alert.text}
            </p>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Dismiss this alert"
              aria-describedby={`${listId}-${alert.id}`}
              pending={dismiss.isPending && dismiss.variables === alert.id}
              onClick={() => dismiss.mutate(alert.id, { onSuccess: () => toggle.current?.focus() })}
              className="-mr-1.5"
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
