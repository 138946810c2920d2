import "server-only";
import type { Kysely } from "kysely";
import { recordAudit } from "@/lib/db/audit";
import { consumeGrant, openGrant } from "@/lib/db/budgets";
import type { Database } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { formatNumber } from "@/lib/format";
import { coveringScopes, overScopes, type ScopeStatus } from "@/lib/policy/budgets";
import { PERIOD_ADJECTIVE } from "./period";
import type { BudgetStatus } from "./status";

const credits = (n: number) => `${Math.max(0, Math.floor(n))} credit${Math.max(0, Math.floor(n)) === 1 ? "" : "s"}`;

const needsText = (cost: number | null, runs: number) =>
  cost === null
    ? "this configuration's cost is not known until the API charges it once"
    : runs > 1
      ? `these ${runs} runs need ${Math.ceil(cost)}`
      : `this needs ${Math.ceil(cost)}`;

/** "Your daily budget has 12 credits left; this needs 38. It renews at 00:00, Europe/Paris time." */
export function refusalMessage(status: BudgetStatus, cost: number | null, runs: number): string {
  const whose = status.budget.scope === "team" ? "The team's" : "Your";
  return `${whose} ${PERIOD_ADJECTIVE[status.budget.period]} budget has ${credits(status.left)} left; ${needsText(cost, runs)}. It renews ${status.renews}.`;
}

/** "The token “ci” may commit 60 credits and has 20 left; this needs 80. …" */
export function tokenRefusalMessage(scope: ScopeStatus, cost: number | null, runs: number): string {
  return `The token “${scope.tokenName}” may commit ${formatNumber(scope.limit)} credits and has ${formatNumber(Math.max(0, Math.floor(scope.left)))} left; ${needsText(cost, runs)}. Its member can raise its budget by making a new token.`;
}

const refusal = (scope: ScopeStatus, cost: number | null, runs: number) =>
  new AppError("conflict:over_budget", scope.period ? refusalMessage(scope.period, cost, runs) : tokenRefusalMessage(scope, cost, runs));

/**
 * The budget check of a submission at the door: every scope covering it (lib/policy/budgets.ts), inside the
 * transaction that inserts it, under the budgets' lock (lib/db/exclusive.ts), so the check and the insert are
 * one step for every instance: two submissions can never both fit in the same credits left. Over a member
 * budget, an open "allow once" grant of that member is taken (and answered, so the submissions carry it);
 * over the team's budget or a token's cap nothing lifts it. Refuses with a 409 that names the budget, what is
 * left and when it renews.
 */
export async function enforceBudgets(
  trx: Kysely<Database>,
  {
    userId,
    tokenId = null,
    cost,
    runs,
    submissionId,
    now,
  }: { userId: string; tokenId?: string | null; cost: number | null; runs: number; submissionId: string; now: Date },
): Promise<{ grantId: string | null }> {
  const over = overScopes(await coveringScopes(trx, { userId, tokenId, now, moment: "door" }), cost);
  const binding = over.find((s) => s.scope === "token") ?? over.find((s) => s.scope === "team");
  if (binding) throw refusal(binding, cost, runs);
  if (over.length === 0) return { grantId: null };
  const grant = await openGrant(trx, { userId });
  if (grant && (await consumeGrant(trx, { id: grant.id, submissionId, now: now.toISOString() }))) {
    const budget = over[0]!.period!.budget;
    await recordAudit(trx, {
      actorId: userId,
      action: "budget.allow_once_used",
      subjectId: userId,
      detail: { grant: grant.id, submission: submissionId, budget: budget.id, period: budget.period, cost },
    });
    return { grantId: grant.id };
  }
  throw refusal(over[0]!, cost, runs);
}
