import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { QuickPrompt } from "@/components/generate/quick-prompt";
import { ExpiringCard } from "@/components/overview/expiring-card";
import { FailuresCard } from "@/components/overview/failures-card";
import { QueuedCard } from "@/components/overview/queued-card";
import { RunningCard } from "@/components/overview/running-card";
import { SpendCard } from "@/components/overview/spend-card";
import { SystemStatusCard, SystemStatusSkeleton } from "@/components/settings/system-status-card";
import { requirePageUser } from "@/lib/auth/page";
import { overview } from "@/lib/tasks/overview";
import { database } from "@/lib/db";
import { roleAtLeast } from "@/lib/members/roles";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { prefetchLedger } from "@/lib/query/server/prefetch-ledger";
import { recentCharges } from "@/lib/tasks/recent-charges";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requirePageUser();
  await connection(); // read on every visit
  const now = new Date();
  // Today's spend and the budgets come from the ledger's one snapshot, which live events read again.
  const [data, ledger] = await Promise.all([overview(user, now), prefetchLedger(user, null)]);
  return (
    <>
      <PageHeader title="Overview" description={`Welcome, ${user.name}. What runs, what waits, what it cost today, and what needs you.`} />
      {/* The quickest way to a result: a prompt and Ctrl+Enter here, the result in the Generate workspace. */}
      {roleAtLeast(user.role, "member") && <QuickPrompt charges={await recentCharges(database().db)} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <RunningCard tasks={data.running} total={data.runningTotal} />
        <QueuedCard queue={data.queue} />
        <HydrationBoundary state={ledger.state}>
          <SpendCard viewerId={user.id} />
        </HydrationBoundary>
        <ExpiringCard tasks={data.expiring} now={now.getTime()} />
        <FailuresCard tasks={data.failures} />
        <Suspense fallback={<SystemStatusSkeleton />}>
          <SystemStatusCard />
        </Suspense>
      </div>
    </>
  );
}
