import { Lock } from "lucide-react";
import type { Metadata } from "next";
import { NewBatchForm } from "@/components/batches/new-batch-form";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { roleAtLeast } from "@/lib/members/roles";
import { formSpecs } from "@/lib/models/form-specs";

export const metadata: Metadata = { title: "New batch" };

// Making a batch: the forms come as plain data read off the schemas (as Generate's do); the server checks every row.
export default async function NewBatchPage() {
  const user = await requirePageUser();
  return (
    <>
      <PageHeader
        title="New batch"
        back={{ href: "/batches", label: "Batches" }}
        description="A row of a file, or a prompt the variations make, becomes one task: preview what will be sent and what it costs, then start."
      />
      {roleAtLeast(user.role, "member") ? (
        <NewBatchForm forms={formSpecs()} />
      ) : (
        <EmptyState icon={Lock} title="Viewers cannot make batches">
          Your role lets you follow the team&apos;s batches. Ask an admin for the Member role to make one.
        </EmptyState>
      )}
    </>
  );
}
