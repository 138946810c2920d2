import "server-only";
import type { Kysely } from "kysely";
import { recordAudit } from "@/lib/db/audit";
import { consumeGrant, listBudgets, openGrant } from "@/lib/db/budgets";
import type { Database } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { PERIOD_ADJECTIVE } from "./period";
import { appliesTo, budgetStatus, teamTimeZone, type BudgetStatus } from "./status";

const credits = (n: number) => `${Math.max(0, Math.floor(n))} credit${Math.max(0, Math.floor(n)) === 1 ? "" : "s"}`;

/** "Your daily budget has 12 credits left; this needs 38. It renews at 00:00, Europe/Paris time." */
export function refusalMessage(status: BudgetStatus, cost: number | null, runs: number): string {
  const whose = status.budget.scope === "team" ? "The team's" : "Your";
  const needs =
    cost === null
      ? "this model's cost is not known until the API charges it once"
      : runs > 1
        ? `these ${runs} runs need ${Math.ceil(cost)}`
        : `this needs ${Math.ceil(cost)}`;
  return `${whose} ${PERIOD_ADJECTIVE[status.budget.period]} budget has ${credits(status.left)} left; ${needs}. It renews ${status.renews}.`;
}

/**
 * The budget check of a submission. Runs inside the transaction that inserts it, under the budgets' lock
 * (lib/db/exclusive.ts), so the check and the insert are one step for every instance: two submissions can
 * never both fit in the same credits left. Over a member budget, an open "allow once" grant of that
 * member is taken (and answered, so the submissions carry it); over the team's budget nothing lifts it.
 * A cost that is not known (null: the model was never charged to the team) passes while something is left:
 * the dispatcher sends one such submission at a time and judges the rest by its charge.
 * Refuses with a 409 that names the budget, what is left and when it renews.
 */
export async function enforceBudgets(
  trx: Kysely<Database>,
  { userId, cost, runs, submissionId, now }: { userId: string; cost: number | null; runs: number; submissionId: string; now: Date },
): Promise<{ grantId: string | null }> {
  const budgets = (await listBudgets(trx, { userId })).filter((b) => appliesTo(b, userId));
  if (budgets.length === 0 || (cost !== null && cost <= 0)) return { grantId: null };
  const timeZone = await teamTimeZone(trx);
  const statuses = await Promise.all(budgets.map((budget) => budgetStatus(trx, budget, { now, timeZone })));
  const over = statuses
    .filter((s) => (cost === null ? s.left <= 0 : s.committed + cost > s.budget.limit_credits))
    .sort((a, b) => a.left - b.left);
  const team = over.find((s) => s.budget.scope === "team");
  if (team) throw refusal(team, cost, runs);
  if (over.length === 0) return { grantId: null };
  const grant = await openGrant(trx, { userId });
  if (grant && (await consumeGrant(trx, { id: grant.id, submissionId, now: now.toISOString() }))) {
    const budget = over[0]!.budget;
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

function refusal(status: BudgetStatus, cost: number | null, runs: number): AppError {
  return new AppError("conflict:over_budget", refusalMessage(status, cost, runs));
}
