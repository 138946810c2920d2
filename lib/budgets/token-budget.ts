import "server-only";
import type { Kysely } from "kysely";
import { tokenCommitted } from "@/lib/db/budgets";
import type { Database } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { formatNumber } from "@/lib/format";

// A personal access token may carry a cap of its own (Settings → Access tokens): the most credits everything
// made through it may commit, ever. Checked in the same locked transaction as the member's and the team's
// budgets (lib/tasks/submit.ts), so two requests at once cannot both fit in what is left. A cost not known
// yet (the model was never charged to the team) passes while something is left, as budgets do.

export interface TokenBudget {
  tokenId: string;
  name: string;
  limit: number;
}

export async function enforceTokenBudget(trx: Kysely<Database>, budget: TokenBudget, cost: number | null): Promise<void> {
  const committed = await tokenCommitted(trx, { tokenId: budget.tokenId });
  const over = cost === null ? committed >= budget.limit : committed + cost > budget.limit;
  if (!over) return;
  const left = Math.max(0, budget.limit - committed);
  const needs =
    cost === null ? "this model's cost is not known until the API charges it once" : `this needs ${formatNumber(Math.ceil(cost))}`;
  throw new AppError(
    "conflict:over_budget",
    `The token “${budget.name}” may commit ${formatNumber(budget.limit)} credits and has ${formatNumber(left)} left; ${needs}. Its member can raise its budget by making a new token.`,
  );
}
