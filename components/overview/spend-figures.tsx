"use client";

import { useLiveCredits } from "@/components/shared/use-live-credits";
import { formatNumber, plural } from "@/lib/format";
import { ledgerQueryOptions } from "@/lib/query/ledger";
import { useQuery, useQueryClient } from "@/lib/query/react";
import { BudgetLines } from "./budget-lines";

/**
 * Today's credits (the team's day, as the day budgets count it), and under them the team's budgets and the
 * viewer's own: committed against the limit. One ledger snapshot, hydrated by the page and read again when live
 * events say a figure moved, so this card, the sidebar's "left" and the Credits page show the same moment.
 */
export function SpendFigures({ viewerId }: { viewerId: string }) {
  const client = useQueryClient();
  const { data } = useQuery(ledgerQueryOptions(client, null));
  useLiveCredits();
  if (!data) return null; // hydrated by the page: never empty
  const { today } = data;
  // Admins' answer holds everyone's budgets: the card shows the team's and the viewer's own.
  const shown = data.budgets.budgets.filter((budget) => budget.scope === "team" || budget.userId === viewerId);
  return (
    <>
      {today.tasks === 0 ? (
        <p className="text-muted-foreground">No tasks today yet: nothing spent.</p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          <Figure label="Used" value={today.used} />
          <Figure label="Reserved now" value={today.reservedNow} />
          <Figure label="Refunded" value={today.refunded} />
        </dl>
      )}
      <div className="mt-3 border-t pt-3">
        <BudgetLines budgets={shown} />
      </div>
      <p className="mt-3 text-xs text-muted-foreground">
        {plural(today.tasks, "task")} since midnight ({today.timeZone} time), from Darkroom’s own records.
      </p>
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-0.5" data-testid={`today-${label.toLowerCase().replaceAll(" ", "-")}`}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{formatNumber(value)}</dd>
    </div>
  );
}
