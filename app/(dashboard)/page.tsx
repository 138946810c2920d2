import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { ExpiringCard } from "@/components/overview/expiring-card";
import { FailuresCard } from "@/components/overview/failures-card";
import { QueuedCard } from "@/components/overview/queued-card";
import { RunningCard } from "@/components/overview/running-card";
import { SpendCard } from "@/components/overview/spend-card";
import { SystemStatusCard, SystemStatusSkeleton } from "@/components/settings/system-status-card";
import { requirePageUser } from "@/lib/auth/page";
import { overview } from "@/lib/tasks/overview";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requirePageUser();
  await connection(); // read on every visit
  const now = new Date();
  const data = await overview(user, now);
  return (
    <>
      <PageHeader title="Overview" description={`Welcome, ${user.name}. What runs, what waits, what it cost today, and what needs you.`} />
      <div className="grid gap-4 lg:grid-cols-2">
        <RunningCard tasks={data.running} total={data.runningTotal} />
        <QueuedCard queue={data.queue} />
        <SpendCard today={data.today} />
        <ExpiringCard tasks={data.expiring} now={now.getTime()} />
        <FailuresCard tasks={data.failures} />
        <Suspense fallback={<SystemStatusSkeleton />}>
          <SystemStatusCard />
        </Suspense>
      </div>
    </>
  );
}
