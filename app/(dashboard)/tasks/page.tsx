import { ListChecks } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { roleAtLeast } from "@/lib/members/schemas";

export const metadata: Metadata = { title: "Tasks" };

export default async function TasksPage() {
  const user = await requirePageUser();
  const action = roleAtLeast(user.role, "member") ? (
    <Button asChild variant="outline">
      <Link href="/generate">Go to Generate</Link>
    </Button>
  ) : undefined;
  return (
    <>
      <PageHeader title="Tasks" description="Every image and video generation, with its status and results." />
      <EmptyState icon={ListChecks} title="No tasks yet" action={action}>
        Tasks you and your team create appear here.
      </EmptyState>
    </>
  );
}
