import { formatNumber } from "@/lib/format";
import type { BudgetView } from "@/lib/schemas/budgets";

const ADJECTIVE = { day: "daily", week: "weekly", month: "monthly" } as const;

/** The team's budgets and the viewer's own, as the Overview's spend card shows them: committed against the limit. */
export function BudgetLines({ budgets }: { budgets: BudgetView[] }) {
  if (budgets.length === 0) return <p className="text-xs text-muted-foreground">No budget is set.</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {budgets.map((budget) => {
        const share = budget.limit > 0 ? Math.min(1, budget.committed / budget.limit) : 1;
        const name = `${budget.scope === "team" ? "Team" : "Your"} ${ADJECTIVE[budget.period]} budget`;
        return (
          <li key={budget.id} className="grid gap-1">
            <span className="flex justify-between gap-2">
              <span>{name}</span>
              <span className="text-muted-foreground tabular-nums">
                {formatNumber(budget.committed)} of {formatNumber(budget.limit)} committed · {formatNumber(Math.max(0, budget.left))} left
              </span>
            </span>
            <meter
              aria-label={`${name}: committed share`}
              min={0}
              max={1}
              low={0.5}
              high={0.8}
              optimum={0}
              value={share}
              className="h-1.5 w-full"
            />
          </li>
        );
      })}
    </ul>
  );
}
