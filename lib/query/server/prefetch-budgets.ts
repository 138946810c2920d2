import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { budgetsFor } from "@/lib/budgets/service";
import type { DehydratedState } from "../cache";
import { budgetKeys } from "../keys";

/**
 * The budgets every page's shell reads (the account panel's own budget, the alert watcher), under the key the
 * browser reads them by (lib/query/budgets.ts): asked for by each page as it hydrated, their answer re-rendered
 * the shell in the same long task, on a phone's first second (issue 28).
 */
export async function prefetchBudgets(user: SessionUser): Promise<DehydratedState> {
  const budgets = await budgetsFor(user);
  return { queries: [{ queryKey: budgetKeys.list, data: budgets, updatedAt: Date.now() }] };
}
