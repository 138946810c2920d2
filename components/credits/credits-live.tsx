"use client";

import { Coins } from "lucide-react";
import { Link } from "@/components/ui/link";
import { useLiveCredits } from "@/components/shared/use-live-credits";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { modelLabel } from "@/lib/models/labels";
import { ledgerQueryOptions } from "@/lib/query/ledger";
import { useQuery, useQueryClient } from "@/lib/query/react";
import type { ReactNode } from "react";
import { PERIOD_LABELS, type CreditPeriod } from "@/lib/schemas/credits";
import { BalanceCard } from "./balance-card";
import type { MemberOption } from "./budget-dialog";
import { BudgetsCard } from "./budgets-card";
import { CreditBreakdown } from "./credit-breakdown";
import { galleryHref, periodHref } from "./credit-format";
import { CreditSummary } from "./credit-summary";
import { ExportCard } from "./export-card";
import { SpendChart } from "./spend-chart";

/**
 * Every figure of the Credits page from one ledger snapshot: budgets, balance, totals, chart and tables. The
 * server's snapshot is the first paint (hydrated under the same key); live events read a new one, once per burst.
 * What holds no figure (the notes) is the server's, passed in, and not hydrated.
 */
export function CreditsLive({
  period,
  members,
  viewerId,
  canEdit,
  notes,
}: {
  period: CreditPeriod;
  members: MemberOption[];
  viewerId: string;
  canEdit: boolean;
  /** What the figures mean, shown under them when there are some. */
  notes: ReactNode;
}) {
  const client = useQueryClient();
  const { data } = useQuery(ledgerQueryOptions(client, period));
  useLiveCredits();
  if (!data?.report) return null; // hydrated by the page: never empty
  const { report, budgets, balance } = data;
  const { totals, since } = report;
  const periodText = PERIOD_LABELS[period].long;
  return (
    <>
      <BudgetsCard initial={budgets} members={members} viewerId={viewerId} />
      <BalanceCard initial={{ balance }} canEdit={canEdit} />
      {totals.tasks === 0 ? (
        <>
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
          {/* An empty period: another may hold tasks, and the card picks its own dates. */}
          {report.anyTasks && <ExportCard since={since} />}
        </>
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
          {report.byToken.length > 0 && (
            // Scripts' share of the members' rows above: each token under its member, as the gallery's badge says it.
            <CreditBreakdown
              id="by-token"
              title="Through access tokens"
              subject="Token"
              rows={report.byToken.map((row) => ({
                ...row,
                key: row.tokenId,
                label: `via token ${row.name}`,
                detail: row.memberName ?? "Removed member",
              }))}
            />
          )}
          <ExportCard since={since} />
          {notes}
        </>
      )}
    </>
  );
}
