import { Coins } from "lucide-react";
import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";

export const metadata: Metadata = { title: "Credits" };

export default async function CreditsPage() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Credits" description="Your balance and what each generation cost." />
      <EmptyState icon={Coins} title="No credit activity yet">
        Your balance and the credits each task spent or got back appear here.
      </EmptyState>
    </>
  );
}
