import "server-only";
import { listBudgets, OVER_BUDGET } from "@/lib/db/budgets";
import { updateSubmission, type Submission } from "@/lib/db/submissions";
import { later, type Engine } from "@/lib/tasks/engine/context";
import { PERIOD_ADJECTIVE } from "./period";
import { appliesTo, budgetStatus, teamTimeZone } from "./status";

/** How often a submission held over budget is looked at again (a budget change looks at once). */
export const BUDGET_RECHECK_MS = 60_000;

/**
 * The dispatcher's re-check: a waiting submission whose budget no longer allows it (an admin lowered it,
 * or a new period began with less) is held in line with the reason shown, never sent. It counts what is
 * sent or being sent plus this one, not the others still waiting, so the line drains in order as far as
 * the budget goes. A submission that went over with "allow once" is not held by its member's budget.
 * Answers true when it holds the submission.
 */
export async function holdIfOverBudget(engine: Engine, submission: Submission): Promise<boolean> {
  if (submission.state !== "queued") return false; // a resend after a crash may already exist upstream
  const { db } = engine.connection;
  const budgets = (await listBudgets(db, { userId: submission.user_id })).filter(
    (b) => appliesTo(b, submission.user_id) && (b.scope === "team" || !submission.budget_grant_id),
  );
  if (budgets.length === 0) return false;
  const now = engine.now();
  const timeZone = await teamTimeZone(db);
  const cost = Number(submission.estimated_credits ?? 0);
  for (const budget of budgets) {
    const status = await budgetStatus(db, budget, { now, timeZone, queued: "sending" });
    if (cost <= 0 || status.committed + cost <= budget.limit_credits) continue;
    const whose = budget.scope === "team" ? "the team's" : "its member's";
    const message = `Over budget: ${whose} ${PERIOD_ADJECTIVE[budget.period]} budget has ${Math.max(0, Math.floor(status.left))} credits left and this needs ${Math.ceil(cost)}. It waits in line and goes out when the budget allows (it renews ${status.renews}).`;
    await updateSubmission(db, {
      id: submission.id,
      error_code: OVER_BUDGET,
      error_message: message,
      error_field: null,
      next_attempt_at: later(engine, BUDGET_RECHECK_MS),
      updated_at: now.toISOString(),
    });
    if (submission.error_code !== OVER_BUDGET) engine.publish({ type: "submission", id: submission.id, state: "queued" });
    return true;
  }
  return false;
}
