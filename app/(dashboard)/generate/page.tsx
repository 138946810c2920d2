import { Lock } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { parseEntry } from "@/components/shared/entry-links";
import { GenerateWorkspace } from "@/components/generate/generate-workspace";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { roleAtLeast } from "@/lib/members/roles";
import { learnedValues } from "@/lib/tasks/refused-values";

export const metadata: Metadata = { title: "Generate" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function GeneratePage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser();
  return (
    <>
      <PageHeader
        title="Generate"
        description="Turn a prompt into images and video. Each submission becomes a task you can follow here and in Tasks."
      />
      {roleAtLeast(user.role, "member") ? (
        <GenerateWorkspace entry={parseEntry(await searchParams)} learned={await learnedValues(database().db)} />
      ) : (
        <EmptyState icon={Lock} title="Viewers cannot generate">
          Your role lets you see tasks and credits. Ask an admin for the Member role to create images and video.
        </EmptyState>
      )}
    </>
  );
}
