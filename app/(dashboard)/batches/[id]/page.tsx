import { Images } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BatchDetail } from "@/components/batches/batch-detail";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { requirePageUser } from "@/lib/auth/page";
import { ROWS_WINDOW } from "@/lib/query/batches";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { prefetchBatch } from "@/lib/query/server/prefetch-batches";
import { eventLogEnd } from "@/lib/query/server/event-log-end";

export const metadata: Metadata = { title: "Batch" };

const BATCH_ID = /^[A-Za-z0-9_-]{1,100}$/;

// One batch with its first rows, read as GET /api/batches/{id} and …/rows read them, then followed live from the
// event stream (components/batches/use-batch-live.ts).
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  if (!BATCH_ID.test(id)) notFound();
  // Before the batch is read: its live updates resume from here (see eventLogEnd).
  const eventsAfter = await eventLogEnd();
  const found = await prefetchBatch(user, id, ROWS_WINDOW);
  if (!found) notFound();
  return (
    <>
      <PageHeader
        title={found.batch.name}
        back={{ href: "/batches", label: "Batches" }}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={`/tasks?batch=${encodeURIComponent(found.batch.id)}`}>
              <Images aria-hidden />
              In the gallery
            </Link>
          </Button>
        }
      />
      <HydrationBoundary state={{ ...found.state, eventsAfter }}>
        <BatchDetail id={id} />
      </HydrationBoundary>
    </>
  );
}
