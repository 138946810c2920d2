import type { ReactNode } from "react";
import { plural } from "@/lib/format";
import type { TodaySpend } from "@/lib/tasks/overview";
import { OverviewCard } from "./overview-card";

/**
 * Today's credits (the team's day, as the day budgets count it), and under them `budget`: the budgets' committed credits.
 */
export function SpendCard({ today, budget }: { today: TodaySpend; budget?: ReactNode }) {
  return (
    <OverviewCard id="overview-spend" title="Today's spend" link={{ href: "/credits?period=7d", label: "Credits" }}>
      {today.tasks === 0 ? (
        <p className="text-muted-foreground">No tasks today yet: nothing spent.</p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          <Figure label="Used" value={today.used} />
          <Figure label="Reserved now" value={today.reservedNow} />
          <Figure label="Refunded" value={today.refunded} />
        </dl>
      )}
      {budget && <div className="mt-3 border-t pt-3">{budget}</div>}
      <p className="mt-3 text-xs text-muted-foreground">
        {plural(today.tasks, "task")} since midnight ({today.timeZone} time), from Darkroom’s own records.
      </p>
    </OverviewCard>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString("en-US", { maximumFractionDigits: 2 })}</dd>
    </div>
  );
}
