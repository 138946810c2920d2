import "server-only";
import { listBudgets, OVER_BUDGET } from "@/lib/db/budgets";
import { updateSubmission, type Submission } from "@/lib/db/submissions";
import { later, type Engine } from "@/lib/tasks/engine/context";
import { expectedCost } from "@/lib/tasks/recent-charges";
import { PERIOD_ADJECTIVE } from "./period";
import { appliesTo, budgetStatus, teamTimeZone } from "./status";

/** How often a submission held over budget is looked at again (a budget change looks at once). */
export const BUDGET_RECHECK_MS = 60_000;

/**
 * What the budgets say about sending a waiting submission: hold it (done here), send it, or send it as the
 * first of its budget's uncharged submissions. `uncharged` is the member whose submissions share the budget
 * (null: a team budget applies, so every member's do); the claim (lib/tasks/engine/dispatch.ts) sends it only
 * if no other uncharged submission of that scope is out.
 */
export type BudgetCheck = { held: true } | { held: false; uncharged?: { userId: string | null } };

/**
 * The dispatcher's re-check: a waiting submission whose budget no longer allows it (an admin lowered it,
 * or a new period began with less) is held in line with the reason shown, never sent. It counts what is
 * sent or being sent plus this one, not the others still waiting, so the line drains in order as far as
 * the budget goes. A submission that went over with "allow once" is not held by its member's budget.
 * A cost not known at submission (a model never charged to the team) is looked up again, since the first
 * task of the model may have been charged since; still unknown, it goes only while something is left.
 */
export async function checkBudgets(engine: Engine, submission: Submission): Promise<BudgetCheck> {
  if (submission.state !== "queued") return { held: false }; // a resend after a crash may already exist upstream
  const { db } = engine.connection;
  const budgets = (await listBudgets(db, { userId: submission.user_id })).filter(
    (b) => appliesTo(b, submission.user_id) && (b.scope === "team" || !submission.budget_grant_id),
  );
  if (budgets.length === 0) return { held: false };
  const now = engine.now();
  const timeZone = await teamTimeZone(db);
  let cost = submission.estimated_credits === null ? null : Number(submission.estimated_credits);
  if (cost === null) {
    cost = (await expectedCost(db, JSON.parse(submission.params) as Record<string, unknown>)) ?? null;
    if (cost !== null) await updateSubmission(db, { id: submission.id, estimated_credits: cost });
  }
  for (const budget of budgets) {
    const status = await budgetStatus(db, budget, { now, timeZone, queued: "sending" });
    if (cost === null ? status.left > 0 : cost <= 0 || status.committed + cost <= budget.limit_credits) continue;
    const whose = budget.scope === "team" ? "the team's" : "its member's";
    const needs = cost === null ? "this model's cost is not known until the API charges it once" : `this needs ${Math.ceil(cost)}`;
    const message = `Over budget: ${whose} ${PERIOD_ADJECTIVE[budget.period]} budget has ${Math.max(0, Math.floor(status.left))} credits left and ${needs}. It waits in line and goes out when the budget allows (it renews ${status.renews}).`;
    await updateSubmission(db, {
      id: submission.id,
      error_code: OVER_BUDGET,
      error_message: message,
      error_field: null,
      next_attempt_at: later(engine, BUDGET_RECHECK_MS),
      updated_at: now.toISOString(),
    });
    if (submission.error_code !== OVER_BUDGET) engine.publish({ type: "submission", id: submission.id, state: "queued" });
    return { held: true };
  }
  if (cost !== null) return { held: false };
  return { held: false, uncharged: { userId: budgets.some((b) => b.scope === "team") ? null : submission.user_id } };
}
