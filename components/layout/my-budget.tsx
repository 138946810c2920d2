"use client";

import { useQuery } from "@/lib/query/react";
import { Link } from "@/components/ui/link";
import { formatNumber } from "@/lib/format";
import { budgetsQueryOptions } from "@/lib/query/budgets";

const PERIOD = { day: "today", week: "this week", month: "this month" } as const;

/** The signed-in member's own budgets in the account panel: what is left, linking to the Credits page. */
export function MyBudget() {
  const { data } = useQuery(budgetsQueryOptions());
  const mine = data?.budgets.filter((b) => b.scope === "member" && b.userId === data.viewerId) ?? [];
  if (mine.length === 0) return null;
  return (
    <p className="mt-2 text-xs text-muted-foreground" data-testid="my-budget">
      <Link href="/credits#budgets" className="underline-offset-4 hover:underline">
        Budget:{" "}
        {mine.map((b) => `${formatNumber(Math.max(0, b.left))} of ${formatNumber(b.limit)} credits left ${PERIOD[b.period]}`).join("; ")}
      </Link>
    </p>
  );
}
