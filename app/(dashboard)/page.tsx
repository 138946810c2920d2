import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { QuickPrompt } from "@/components/generate/quick-prompt";
import { ExpiringCard } from "@/components/overview/expiring-card";
import { FailuresCard } from "@/components/overview/failures-card";
import { QueuedCard } from "@/components/overview/queued-card";
import { RunningCard } from "@/components/overview/running-card";
import { BudgetLines } from "@/components/overview/budget-lines";
import { SpendCard } from "@/components/overview/spend-card";
import { SystemStatusCard, SystemStatusSkeleton } from "@/components/settings/system-status-card";
import { requirePageUser } from "@/lib/auth/page";
import { budgetsFor } from "@/lib/budgets/service";
import { overview } from "@/lib/tasks/overview";
import { database } from "@/lib/db";
import { roleAtLeast } from "@/lib/members/roles";
import { recentCharges } from "@/lib/tasks/recent-charges";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requirePageUser();
  await connection(); // read on every visit
  const now = new Date();
  const [data, { budgets }] = await Promise.all([overview(user, now), budgetsFor(user, now)]);
  // The team's budgets and the viewer's own (admins' answer holds everyone's).
  const shown = budgets.filter((budget) => budget.scope === "team" || budget.userId === user.id);
  return (
    <>
      <PageHeader title="Overview" description={`Welcome, ${user.name}. What runs, what waits, what it cost today, and what needs you.`} />
      {/* The quickest way to a result: a prompt and Ctrl+Enter here, the result in the Generate workspace. */}
      {roleAtLeast(user.role, "member") && <QuickPrompt charges={await recentCharges(database().db)} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <RunningCard tasks={data.running} total={data.runningTotal} />
        <QueuedCard queue={data.queue} />
        <SpendCard today={data.today} budget={<BudgetLines budgets={shown} />} />
        <ExpiringCard tasks={data.expiring} now={now.getTime()} />
        <FailuresCard tasks={data.failures} />
        <Suspense fallback={<SystemStatusSkeleton />}>
          <SystemStatusCard />
        </Suspense>
      </div>
    </>
  );
}
