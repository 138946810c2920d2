import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BatchDetail } from "@/components/batches/batch-detail";
import { PageHeader } from "@/components/layout/page-header";
import { requirePageUser } from "@/lib/auth/page";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { eventLogEnd } from "@/lib/query/server/event-log-end";

export const metadata: Metadata = { title: "Batch" };

const BATCH_ID = /^[A-Za-z0-9_-]{1,100}$/;

// One batch, followed live from the event stream (components/batches/use-batch-live.ts).
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  if (!BATCH_ID.test(id)) notFound();
  // Before anything is read: its live updates resume from here.
  const eventsAfter = await eventLogEnd();
  return (
    <>
      <PageHeader title="Batch" back={{ href: "/batches", label: "Batches" }} />
      <HydrationBoundary state={{ queries: [], eventsAfter }}>
        <BatchDetail id={id} />
      </HydrationBoundary>
    </>
  );
}
