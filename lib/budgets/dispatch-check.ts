import "server-only";
import type { Kysely } from "kysely";
import { FIRST_CHARGE, OVER_BUDGET } from "@/lib/db/budgets";
import type { Database } from "@/lib/db/schema";
import { unchargedInFlight, updateSubmission, type Submission } from "@/lib/db/submissions";
import { coveringScopes, overScopes, unknownPriceScope } from "@/lib/policy/budgets";
import { spenderStanding } from "@/lib/policy/standing";
import type { WITHDRAWN_CODES } from "@/lib/policy/withdraw";
import { POLL_INTERVAL_MS } from "@/lib/tasks/engine/context";
import { expectedCost } from "@/lib/tasks/recent-charges";
import { tokenRefusalMessage } from "./enforce";
import { PERIOD_ADJECTIVE } from "./period";

/** How often a submission held over budget is looked at again (a budget change looks at once). */
export const BUDGET_RECHECK_MS = 60_000;

/** The cancellation code of a submission whose token's cap can no longer take it (a cap never renews). */
export const TOKEN_BUDGET = "token_budget" satisfies (typeof WITHDRAWN_CODES)[number];

/**
 * What the rules say about sending a waiting submission now: send it, hold it in line (with the reason shown
 * and when to look again), or cancel it (its sender may no longer spend, or its token's cap, which never
 * renews, cannot take it). Nothing is written here; the dispatcher writes the verdict in the same transaction.
 */
export type DispatchVerdict =
  | { kind: "send" }
  | { kind: "hold"; code: typeof OVER_BUDGET | typeof FIRST_CHARGE; message: string; recheckMs: number }
  | { kind: "cancel"; code: string; message: string };

/**
 * The dispatcher's judgement, asked under its lock just before a claim (lib/tasks/engine/dispatch.ts): the same
 * rules as the door, asked again because rights and budgets may have changed since. The sender's standing
 * (lib/policy/standing.ts), then every budget covering it (lib/policy/budgets.ts), counting what is sent or
 * being sent plus this one, not the others still waiting, so the line drains in order as far as the budgets
 * go. A submission already sent once (a same-key resend after an unclear answer) may exist upstream, charged:
 * it is on its way and goes. A cost not known at submission is looked up again, since its configuration may
 * have been charged since; still unknown, it goes only while something is left and no other submission of its
 * scope is out with an unknown price.
 */
export async function judgeDispatch(trx: Kysely<Database>, submission: Submission, now: Date): Promise<DispatchVerdict> {
  if (submission.state !== "queued" || submission.attempts > 0) return { kind: "send" };
  const standing = await spenderStanding(trx, { userId: submission.user_id, tokenId: submission.token_id, now });
  if (standing) return { kind: "cancel", ...standing };
  const spender = { userId: submission.user_id, tokenId: submission.token_id };
  const scopes = await coveringScopes(trx, { ...spender, allowedOnce: submission.budget_grant_id !== null, now, moment: "dispatch" });
  // No budget covers it: nothing to count (and the price history, 200 tasks read under the lock, is not needed).
  if (scopes.length === 0) return { kind: "send" };
  let cost = submission.estimated_credits === null ? null : Number(submission.estimated_credits);
  if (cost === null) {
    cost = (await expectedCost(trx, JSON.parse(submission.params) as Record<string, unknown>)) ?? null;
    if (cost !== null) await updateSubmission(trx, { id: submission.id, estimated_credits: cost });
  }
  const over = overScopes(scopes, cost);
  const token = over.find((s) => s.scope === "token");
  if (token)
    return {
      kind: "cancel",
      code: TOKEN_BUDGET,
      message: `Cancelled before it was sent: ${tokenRefusalMessage(token, cost, 1)} Nothing was charged.`,
    };
  const period = over[0]?.period;
  if (period) {
    const whose = period.budget.scope === "team" ? "the team's" : "its member's";
    const needs = cost === null ? "this configuration's cost is not known until the API charges it once" : `this needs ${Math.ceil(cost)}`;
    const message = `Over budget: ${whose} ${PERIOD_ADJECTIVE[period.budget.period]} budget has ${Math.max(0, Math.floor(period.left))} credits left and ${needs}. It waits in line and goes out when the budget allows (it renews ${period.renews}).`;
    return { kind: "hold", code: OVER_BUDGET, message, recheckMs: BUDGET_RECHECK_MS };
  }
  const shared = cost === null ? unknownPriceScope(scopes, spender) : null;
  if (shared && (await unchargedInFlight(trx, { excludeId: submission.id, ...shared })))
    return {
      kind: "hold",
      code: FIRST_CHARGE,
      message:
        "Waiting for the first charge of these settings: their cost is not known, and only one such task goes out at a time under a budget.",
      recheckMs: POLL_INTERVAL_MS,
    };
  return { kind: "send" };
}
