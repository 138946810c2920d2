import { Link } from "@/components/ui/link";
import { CREDIT_PERIODS, PERIOD_LABELS, type CreditPeriod } from "@/lib/schemas/credits";
import { cn } from "@/lib/utils";
import { periodHref } from "./credit-format";

/** The period as links (each a URL that can be shared or bookmarked); the current one is marked for screen readers. */
export function PeriodLinks({ current }: { current: CreditPeriod }) {
  return (
    <nav aria-label="Period">
      <ul className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg border bg-muted/50 p-1">
        {CREDIT_PERIODS.map((period) => {
          const active = period === current;
          return (
            <li key={period}>
              <Link
                href={periodHref(period)}
                aria-current={active ? "page" : undefined}
                scroll={false}
                className={cn(
                  "inline-flex h-7 min-w-10 items-center justify-center rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors",
                  active ? "bg-card text-primary shadow-sm ring-1 ring-primary/40" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {PERIOD_LABELS[period].short}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
