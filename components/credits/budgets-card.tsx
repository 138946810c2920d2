"use client";

import { useQuery } from "@/lib/query/react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";
import { budgetsQueryOptions, useAllowOnce, useRemoveBudget } from "@/lib/query/budgets";
import { errorMessage } from "@/lib/query/fetch-json";
import type { BudgetsAnswer, BudgetView } from "@/lib/schemas/budgets";
import { cn } from "@/lib/utils";
import type { MemberOption } from "./budget-dialog";
import { BudgetDialogButton } from "./budget-dialog-button";

const PERIOD = { day: "Daily", week: "Weekly", month: "Monthly" } as const;

/** Each budget with used / committed / left and the burn-rate forecast; admins set, edit, remove and "allow once". */
export function BudgetsCard({ initial, members, viewerId }: { initial: BudgetsAnswer; members: MemberOption[]; viewerId: string }) {
  const { data = initial } = useQuery({ ...budgetsQueryOptions(), initialData: initial });
  const remove = useRemoveBudget();
  const allow = useAllowOnce();
  const failed = remove.error ?? allow.error;
  return (
    <Card id="budgets" role="region" aria-labelledby="budgets-title">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id="budgets-title">Budgets</CardTitle>
            <CardDescription>
              {data.canEdit
                ? "Credits each member, and the whole team, may commit per period. A submission that would go over is refused before anything is sent."
                : "Your budget and the team's: a submission that would go over is refused before anything is sent."}{" "}
              Periods are calendar days, weeks and months in {data.timeZone}.
            </CardDescription>
          </div>
          {data.canEdit && <BudgetDialogButton members={members} timeZone={data.timeZone} />}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data.budgets.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {data.canEdit ? "No budgets yet: nothing limits spending." : "No budget applies to you."}
          </p>
        )}
        {data.budgets.map((budget) => (
          <BudgetRow
            key={budget.id}
            budget={budget}
            own={budget.userId === viewerId}
            actions={
              data.canEdit && (
                <>
                  <BudgetDialogButton members={members} editing={budget} timeZone={data.timeZone} />
                  {budget.scope === "member" && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={budget.allowOncePending}
                      pending={allow.isPending && allow.variables === budget.userId}
                      onClick={() => allow.mutate(budget.userId!)}
                    >
                      {budget.allowOncePending ? "Allow once granted" : "Allow once"}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    pending={remove.isPending && remove.variables === budget.id}
                    onClick={() => remove.mutate(budget.id)}
                  >
                    Remove
                  </Button>
                </>
              )
            }
          />
        ))}
        {failed && (
          <Alert tone="danger" role="alert" title="That did not happen">
            {errorMessage(failed)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function BudgetRow({ budget, own, actions }: { budget: BudgetView; own: boolean; actions: React.ReactNode }) {
  const name = budget.scope === "team" ? "Team" : own ? `You (${budget.memberName})` : budget.memberName;
  const share = budget.limit > 0 ? Math.min(100, (budget.committed / budget.limit) * 100) : 100;
  return (
    <section className="grid gap-2 rounded-lg border p-4" aria-label={`${PERIOD[budget.period]} budget: ${name}`} data-testid="budget-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">
          {name} · {PERIOD[budget.period].toLowerCase()}
        </h3>
        <p className="text-sm tabular-nums">
          <span className="font-medium">{formatNumber(Math.max(0, budget.left))}</span> of {formatNumber(budget.limit)} credits left
        </p>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label="Committed"
        aria-valuemin={0}
        aria-valuemax={budget.limit}
        aria-valuenow={Math.min(budget.committed, budget.limit)}
      >
        <div
          className={cn("h-full", share >= 100 ? "bg-danger" : share >= 80 ? "bg-warning" : "bg-primary")}
          style={{ width: `${share}%` }}
        />
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted-foreground tabular-nums">
        <Fact label="Used" value={budget.used} />
        <Fact label="Reserved now" value={budget.reserved} />
        {budget.refundPending > 0 && <Fact label="Refund pending" value={budget.refundPending} />}
        <Fact label="Waiting" value={budget.queued} />
        <Fact label="Committed" value={budget.committed} />
      </dl>
      <p className="text-sm text-muted-foreground">
        {budget.forecast ? `${budget.forecast} ` : ""}Renews {budget.renews}.
      </p>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-medium text-foreground">{formatNumber(value)}</dd>
    </div>
  );
}
