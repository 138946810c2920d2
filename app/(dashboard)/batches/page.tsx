import type { Metadata } from "next";
import { BatchList } from "@/components/batches/batch-list";
import { NewBatchLink } from "@/components/batches/new-batch-link";
import { PageHeader } from "@/components/layout/page-header";
import { requirePageUser } from "@/lib/auth/page";
import { roleAtLeast } from "@/lib/members/roles";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { prefetchBatchList } from "@/lib/query/server/prefetch-batches";

export const metadata: Metadata = { title: "Batches" };

// Batches (issue 48): the member's own, newest first (an admin sees everyone's). Viewers may look; members make them.
export default async function BatchesPage() {
  const user = await requirePageUser();
  const canCreate = roleAtLeast(user.role, "member");
  return (
    <>
      <PageHeader
        title="Batches"
        description="Many tasks from a spreadsheet or one prompt with variations, followed and collected in one place."
        actions={canCreate && <NewBatchLink />}
      />
      <HydrationBoundary state={await prefetchBatchList(user)}>
        <BatchList canCreate={canCreate} />
      </HydrationBoundary>
    </>
  );
}
