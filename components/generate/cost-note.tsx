"use client";

import { useQuery } from "@/lib/query/react";
import { Coins } from "lucide-react";
import { formatNumber, plural } from "@/lib/format";
import { cn } from "@/lib/utils";
import { balanceQueryOptions, budgetsQueryOptions } from "@/lib/query/budgets";
import type { BudgetsAnswer } from "@/lib/schemas/budgets";
import { pastCharge, priceSettings, type RecentCharge } from "@/lib/schemas/charges";
import { ENDPOINT_FIELD, RUNS_FIELD } from "./form-fields";
import { useFormValues } from "./use-form";

const PERIOD = { day: "today", week: "this week", month: "this month" } as const;

/** Of the budgets that cover the viewer's submissions (their own and the team's), the one with the least left. */
function tightestBudget(answer: BudgetsAnswer | undefined) {
  const covering = answer?.budgets.filter((b) => b.scope === "team" || b.userId === answer.viewerId) ?? [];
  const tightest = covering.reduce<(typeof covering)[number] | undefined>(
    (least, b) => (!least || b.left < least.left ? b : least),
    undefined,
  );
  if (!tightest) return undefined;
  return {
    left: Math.max(0, Math.floor(tightest.left)),
    period: tightest.period,
    whose: tightest.scope === "team" ? "the team's" : "your",
  };
}

interface CostNoteProps {
  model: string;
  mode?: string;
  charges: readonly RecentCharge[];
}

/**
 * What this request cost the last time the team sent it (same model, mode and price-moving settings), else
 * the most the model cost recently: the API's own figures, since the client may not compute a price. Warns
 * when that is more than the estimated account balance left (an estimate, so it warns and never refuses). Says
 * what the tightest budget covering the member has left, so a refusal over budget is no surprise after the click
 * (issue 45); the budgets come with the page's shell (lib/query/server/prefetch-budgets.ts): no request of its own.
 */
export function CostNote({ model, mode, charges }: CostNoteProps) {
  const values = useFormValues();
  const { data: balance } = useQuery(balanceQueryOptions());
  const { data: budgets } = useQuery(budgetsQueryOptions());
  const budget = tightestBudget(budgets);
  const runs = typeof values[RUNS_FIELD] === "number" && values[RUNS_FIELD] > 1 ? values[RUNS_FIELD] : 1;
  // Runs and endpoint are the submission's, not the request's: neither is part of a task's settings.
  const settings = priceSettings(
    Object.fromEntries(Object.entries(values).filter(([key]) => key !== RUNS_FIELD && key !== ENDPOINT_FIELD)),
  );
  const past = pastCharge(charges, { model, mode, settings });
  const text = !past
    ? "No earlier charge for this model"
    : past.sameSettings
      ? `${plural(past.credits, "credit")} last time with these settings${runs > 1 ? ` (×${runs} runs: ${plural(past.credits * runs, "credit")})` : ""}`
      : `Up to ${plural(past.credits, "credit")} for this model recently, with other settings`;
  const left = balance?.balance ? balance.balance.estimate - balance.balance.queued : null;
  const short = past !== undefined && left !== null && past.credits * runs > left;
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="cost-note" aria-live="polite">
      <Coins aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>
        <span className="font-medium text-foreground">{text}</span>
        {budget && (
          <span
            className={cn(
              "font-medium",
              budget.left === 0 || (past && past.credits * runs > budget.left) ? "text-warning" : "text-foreground",
            )}
          >
            ; {plural(budget.left, "credit")} left {PERIOD[budget.period]} in {budget.whose} budget
          </span>
        )}
        . The generation service sets the price when it accepts the request.
        {short && (
          <span className="font-medium text-warning"> More than the estimated balance of {formatNumber(Math.max(0, left))} credits.</span>
        )}
      </span>
    </p>
  );
}
