import { Coins } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { BalanceCard } from "@/components/credits/balance-card";
import { BudgetsCard } from "@/components/credits/budgets-card";
import { CreditBreakdown } from "@/components/credits/credit-breakdown";
import { galleryHref, periodHref } from "@/components/credits/credit-format";
import { CreditNotes } from "@/components/credits/credit-notes";
import { CreditSummary } from "@/components/credits/credit-summary";
import { ExportCard } from "@/components/credits/export-card";
import { PeriodLinks } from "@/components/credits/period-links";
import { SpendChart } from "@/components/credits/spend-chart";
import { PageHeader } from "@/components/layout/page-header";
import { modelLabel } from "@/components/tasks/task-format";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { requirePageUser } from "@/lib/auth/page";
import { balanceEstimate, budgetsFor } from "@/lib/budgets/service";
import { getCreditReport } from "@/lib/credits/report";
import { database } from "@/lib/db";
import { listMembers } from "@/lib/db/users";
import { roleAtLeast } from "@/lib/members/roles";
import { creditPeriodSchema, PERIOD_LABELS } from "@/lib/schemas/credits";

export const metadata: Metadata = { title: "Credits" };

// Every role sees this page: it is the team's spend, as the Tasks gallery is the team's work.
export default async function CreditsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const isAdmin = roleAtLeast(user.role, "admin");
  // Admins pick any active member for a budget; others get no member list.
  const members = isAdmin ? (await listMembers(database().db)).filter((m) => !m.disabled).map((m) => ({ id: m.id, name: m.name })) : [];
  const [budgets, balance] = await Promise.all([budgetsFor(user), balanceEstimate()]);
  const period = creditPeriodSchema.parse((await searchParams).period);
  const report = await getCreditReport({ period });
  const { totals, since } = report;
  const periodText = PERIOD_LABELS[period].long;

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
      <BudgetsCard initial={budgets} members={members} viewerId={user.id} />
      <BalanceCard initial={{ balance }} canEdit={isAdmin} />
      {totals.tasks === 0 ? (
        <EmptyState
          icon={Coins}
          title={report.anyTasks ? `No credit activity in ${periodText}` : "No credit activity yet"}
          action={
            report.anyTasks ? (
              <Button asChild variant="outline">
                <Link href={periodHref("all")}>Show all time</Link>
              </Button>
            ) : undefined
          }
        >
          {report.anyTasks
            ? "No task was created in this period, so nothing was reserved, used or refunded."
            : "Credits appear here once the generation service accepts a task: what it reserved, then what it used or gave back."}
        </EmptyState>
      ) : (
        <>
          <CreditSummary totals={totals} periodText={periodText} />
          <SpendChart spend={report.spend} />
          <CreditBreakdown
            id="by-member"
            title="By member"
            subject="Member"
            rows={report.byMember.map((row) => ({
              ...row,
              key: row.userId ?? "",
              label: row.name ?? (row.userId ? "Removed member" : "No member"),
              href: row.userId ? galleryHref({ member: row.userId }, since) : undefined,
            }))}
          />
          <CreditBreakdown
            id="by-model"
            title="By model"
            subject="Model"
            rows={report.byModel.map((row) => ({
              ...row,
              key: row.model,
              label: modelLabel(row.model),
              detail: modelLabel(row.model) === row.model ? undefined : row.model,
              href: galleryHref({ model: row.model }, since),
            }))}
          />
          <ExportCard since={since} />
          <CreditNotes />
        </>
      )}
      {/* An empty period: another may hold tasks, and the card picks its own dates. */}
      {totals.tasks === 0 && report.anyTasks && <ExportCard since={since} />}
    </>
  );
}
