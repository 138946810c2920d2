import type { Metadata } from "next";
import { Suspense } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { QuickPrompt } from "@/components/generate/quick-prompt";
import { SystemStatusCard, SystemStatusSkeleton } from "@/components/settings/system-status-card";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { roleAtLeast } from "@/lib/members/schemas";
import { recentCharges } from "@/lib/tasks/recent-charges";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const user = await requirePageUser();
  return (
    <>
      <PageHeader title="Overview" description={`Welcome, ${user.name}. Here is how Darkroom and the generation API are doing.`} />
      {/* The quickest way to a result: a prompt and Ctrl+Enter here, the result in the Generate workspace (issue 16w). */}
      {roleAtLeast(user.role, "member") && <QuickPrompt charges={await recentCharges(database().db)} />}
      <Suspense fallback={<SystemStatusSkeleton />}>
        <SystemStatusCard />
      </Suspense>
    </>
  );
}
