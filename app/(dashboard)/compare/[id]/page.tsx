import { Images } from "lucide-react";
import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { ComparisonView } from "@/components/compare/comparison-view";
import { Button } from "@/components/ui/button";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { eventLogEnd } from "@/lib/query/server/event-log-end";
import { requirePageUser } from "@/lib/auth/page";
import { formatUtcDateTime } from "@/lib/dates";
import { roleAtLeast } from "@/lib/members/roles";
import { COMPARISON_ID_PATTERN } from "@/lib/schemas/comparison-views";
import { comparisonView } from "@/lib/tasks/compare";

export const metadata: Metadata = { title: "Comparison" };

export default async function ComparisonPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  if (!COMPARISON_ID_PATTERN.test(id)) notFound();
  // Before the comparison is read: its live updates resume from here (see eventLogEnd).
  const eventsAfter = await eventLogEnd();
  const comparison = await comparisonView(id);
  if (!comparison) notFound();
  return (
    <>
      <PageHeader
        title="Comparison"
        back={{ href: "/compare", label: "Compare" }}
        description={
          <>
            <span className="text-foreground">{comparison.prompt}</span>
            <br />
            By {comparison.createdBy.name ?? "a former member"}, {formatUtcDateTime(comparison.createdAt)}
          </>
        }
        actions={
          <Button asChild variant="outline" size="sm">
            <Link href={`/tasks?comparison=${comparison.id}`}>
              <Images aria-hidden />
              In the gallery
            </Link>
          </Button>
        }
      />
      <HydrationBoundary state={{ queries: [], eventsAfter }}>
        <ComparisonView
          initial={comparison}
          canEdit={roleAtLeast(user.role, "member") && (comparison.createdBy.id === user.id || roleAtLeast(user.role, "admin"))}
        />
      </HydrationBoundary>
    </>
  );
}
