import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { SystemStatusCard, SystemStatusSkeleton } from "@/components/settings/system-status-card";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requirePageUser();
  return (
    <>
      <PageHeader title="Overview" description={`Welcome, ${user.name}. Here is how Darkroom and the generation API are doing.`} />
      <Suspense fallback={<SystemStatusSkeleton />}>
        <SystemStatusCard />
      </Suspense>
    </>
  );
}
