import { Lock } from "lucide-react";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { parseEntry } from "@/components/shared/entry-links";
import { GenerateWorkspace } from "@/components/generate/generate-workspace";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { roleAtLeast } from "@/lib/members/roles";
import { prefetchWorkspace } from "@/lib/query/server/prefetch-tasks";
import { learnedForms } from "@/components/generate/learned-fields";
import { formSpecs } from "@/lib/models/form-specs";
import { learnedValues } from "@/lib/tasks/refused-values";
import { recentCharges } from "@/lib/tasks/recent-charges";

export const metadata: Metadata = { title: "Generate" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function GeneratePage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser();
  const learned = await learnedValues(database().db);
  return (
    <>
      <PageHeader
        title="Generate"
        description="Write a prompt, press Ctrl + Enter, and your results appear beside the form. Every task is also in Tasks."
      />
      {roleAtLeast(user.role, "member") ? (
        // "Your recent results" and the balance come with the HTML: no round trip before the member's latest tasks show.
        <HydrationBoundary state={await prefetchWorkspace(user.id)}>
          <GenerateWorkspace
            entry={parseEntry(await searchParams)}
            forms={learnedForms(formSpecs(), learned)}
            learned={learned}
            charges={await recentCharges(database().db)}
            memberId={user.id}
          />
        </HydrationBoundary>
      ) : (
        <EmptyState icon={Lock} title="Viewers cannot generate">
          Your role lets you see tasks and credits. Ask an admin for the Member role to create images and video.
        </EmptyState>
      )}
    </>
  );
}
