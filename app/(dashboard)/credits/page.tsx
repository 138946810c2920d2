import type { Metadata } from "next";
import { CreditNotes } from "@/components/credits/credit-notes";
import { CreditsLive } from "@/components/credits/credits-live";
import { PeriodLinks } from "@/components/credits/period-links";
import { PageHeader } from "@/components/layout/page-header";
import { Alert } from "@/components/ui/alert";
import { requirePageUser } from "@/lib/auth/page";
import { database } from "@/lib/db";
import { listMembers } from "@/lib/db/users";
import { roleAtLeast } from "@/lib/members/roles";
import { HydrationBoundary } from "@/lib/query/hydration-boundary";
import { prefetchLedger } from "@/lib/query/server/prefetch-ledger";
import { creditPeriodSchema } from "@/lib/schemas/credit-period-param";

export const metadata: Metadata = { title: "Credits" };

// Every role sees this page: it is the team's spend, as the Tasks gallery is the team's work.
export default async function CreditsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const isAdmin = roleAtLeast(user.role, "admin");
  // Admins pick any active member for a budget; others get no member list.
  const members = isAdmin ? (await listMembers(database().db)).filter((m) => !m.disabled).map((m) => ({ id: m.id, name: m.name })) : [];
  const period = creditPeriodSchema.parse((await searchParams).period);
  // Every figure below is of one moment (one snapshot), and moves with live events as one.
  const { state } = await prefetchLedger(user, period);

  return (
    <>
      <PageHeader
        title="Credits"
        description="What the team's generations used, hold and got back."
        actions={<PeriodLinks current={period} />}
      />
      <Alert tone="info" title="Your balance is not shown">
        The generation API does not report an account balance, so Darkroom shows what the tasks it recorded spent. Tasks made with the same
        API key outside Darkroom are not included unless imported.
      </Alert>
      <HydrationBoundary state={state}>
        <CreditsLive period={period} members={members} viewerId={user.id} canEdit={isAdmin} notes={<CreditNotes />} />
      </HydrationBoundary>
    </>
  );
}
