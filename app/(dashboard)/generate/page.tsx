import { Lock, Sparkles } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { roleAtLeast } from "@/lib/members/schemas";

export const metadata: Metadata = { title: "Generate" };

export default async function GeneratePage() {
  const user = await requirePageUser();
  return (
    <>
      <PageHeader title="Generate" description="Turn a prompt into images and video." />
      {roleAtLeast(user.role, "member") ? (
        <EmptyState icon={Sparkles} title="Nothing to configure yet">
          Models, prompts and their options will appear here. Each generation becomes a task you can follow in Tasks.
        </EmptyState>
      ) : (
        <EmptyState icon={Lock} title="Viewers cannot generate">
          Your role lets you see tasks and credits. Ask an admin for the Member role to create images and video.
        </EmptyState>
      )}
    </>
  );
}
