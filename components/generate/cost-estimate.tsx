"use client";

import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { formatNumber } from "@/lib/format";
import { estimateCredits } from "@/lib/models/price-guide";
import { balanceQueryOptions } from "@/lib/query/budgets";
import type { BalanceAnswer } from "@/lib/schemas/budgets";
import type { FormValues } from "./form-values";
import { RUNS_FIELD } from "./request-resolver";

/** The estimated cost of `runs` tasks of `request`, and whether it goes past the estimated balance left. */
export function costAgainstBalance(request: Record<string, unknown>, runs: number, answer: BalanceAnswer | undefined) {
  if (!answer) return null;
  const cost = estimateCredits(request, answer.plan) * runs;
  const left = answer.balance ? answer.balance.estimate - answer.balance.queued : null;
  return { cost, left, short: left !== null && cost > left };
}

/**
 * The form's cost line: Darkroom's estimate (the API prices a request only when it accepts it), and a
 * warning when it would go past the estimated balance. Non-blocking: the submit asks to confirm.
 */
export function CostEstimate({ fixed }: { fixed: Record<string, unknown> }) {
  const values = useWatch<FormValues>();
  const { data } = useQuery(balanceQueryOptions());
  const runs = typeof values[RUNS_FIELD] === "number" && values[RUNS_FIELD] > 0 ? values[RUNS_FIELD] : 1;
  const estimate = costAgainstBalance({ ...values, ...fixed }, runs, data);
  if (!estimate) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="cost-estimate" aria-live="polite">
      About {formatNumber(estimate.cost)} credits (estimate).
      {estimate.short && (
        <span className="font-medium text-warning">
          {" "}
          More than the estimated balance of {formatNumber(Math.max(0, estimate.left ?? 0))} credits.
        </span>
      )}
    </p>
  );
}
