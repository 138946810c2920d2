import { CircleCheck, Hourglass, RotateCcw, Timer, type LucideIcon } from "lucide-react";
import type { CreditTotals } from "@/lib/db/credit-totals";
import { cn } from "@/lib/utils";
import { formatNumber, plural } from "@/lib/format";

interface Figure {
  label: string;
  value: number;
  note: string;
  icon: LucideIcon;
  tone: string;
}

/** The period's four figures, each with the tasks behind it. */
export function CreditSummary({ totals, periodText }: { totals: CreditTotals; periodText: string }) {
  const figures: Figure[] = [
    { label: "Used", value: totals.used, note: plural(totals.succeededTasks, "succeeded task"), icon: CircleCheck, tone: "text-success" },
    {
      label: "Reserved now",
      value: totals.reservedNow,
      note: `${plural(totals.liveTasks, "task")} pending or generating`,
      icon: Timer,
      tone: "text-primary",
    },
    {
      label: "Refunded",
      value: totals.refunded,
      note: plural(totals.refundedTasks, "failed task"),
      icon: RotateCcw,
      tone: "text-muted-foreground",
    },
    {
      label: "Refund pending",
      value: totals.refundPending,
      note: `${plural(totals.refundPendingTasks, "failed task")} awaiting refund`,
      icon: Hourglass,
      tone: "text-warning",
    },
  ];
  return (
    <section aria-labelledby="totals-heading" className="grid gap-3 render-when-near">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="totals-heading" className="text-base font-semibold">
          Totals
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="credit-task-count">
          {plural(totals.tasks, "task")} in {periodText}
          {totals.failedTasks > 0 && ` · ${formatNumber(totals.failedTasks)} failed`}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(({ label, value, note, icon: Icon, tone }) => (
          <div
            key={label}
            data-testid={`total-${label.toLowerCase().replaceAll(" ", "-")}`}
            className="grid content-start gap-1 rounded-xl border bg-card p-4 shadow-sm"
          >
            <dt className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
              <Icon className={cn("size-4 shrink-0", tone)} aria-hidden />
              {label}
            </dt>
            <dd className="text-2xl font-semibold tracking-tight tabular-nums">
              {formatNumber(value)}
              <span className="sr-only"> credits</span>
            </dd>
            <dd className="text-xs text-muted-foreground">{note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
