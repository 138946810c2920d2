import "server-only";
import type { Kysely } from "kysely";
import { PERIOD_ADJECTIVE } from "@/lib/budgets/period";
import { appliesTo, budgetStatus, teamTimeZone, type BudgetStatus } from "@/lib/budgets/status";
import { accessTokenState } from "@/lib/db/access-tokens";
import { listBudgets, tokenCommitted } from "@/lib/db/budgets";
import type { Database } from "@/lib/db/schema";

// Every budget that covers a submission, judged together: the team's, its member's, and the cap of the access
// token it came through. The same judgement runs at the door (lib/budgets/enforce.ts, under the budgets' lock,
// counting everything waiting) and again just before sending (lib/budgets/dispatch-check.ts, under the
// dispatcher's lock, counting what is out plus this one): a scope added later is added here, once.
//
// A cost is known only for a configuration the API has charged before (lib/tasks/recent-charges.ts): the same
// model, mode and every setting the price may depend on. Unknown, it fits while something is left, and only one
// such submission of a scope is out at a time, until the API states what it reserved. So a budget is passed
// by one task at most, and only the first time a configuration is priced.

export type Moment = "door" | "dispatch";

export interface ScopeStatus {
  scope: "team" | "member" | "token";
  limit: number;
  committed: number;
  left: number;
  /** A period budget's figures and renewal (team and member); a token's cap never renews. */
  period?: BudgetStatus;
  /** The token's name, for a token's cap. */
  tokenName?: string;
}

/**
 * The scopes covering a submission of `userId` (through `tokenId`), with what each has committed at this
 * moment. `allowedOnce`: the member's budget was lifted for it by an admin's "allow once".
 */
export async function coveringScopes(
  db: Kysely<Database>,
  {
    userId,
    tokenId,
    allowedOnce = false,
    now,
    moment,
  }: { userId: string; tokenId: string | null; allowedOnce?: boolean; now: Date; moment: Moment },
): Promise<ScopeStatus[]> {
  const waiting = moment === "door" ? "all" : "sending";
  const budgets = (await listBudgets(db, { userId })).filter((b) => appliesTo(b, userId) && (b.scope === "team" || !allowedOnce));
  const scopes: ScopeStatus[] = [];
  if (budgets.length > 0) {
    const timeZone = await teamTimeZone(db);
    for (const budget of budgets) {
      const status = await budgetStatus(db, budget, { now, timeZone, queued: waiting });
      scopes.push({ scope: budget.scope, limit: budget.limit_credits, committed: status.committed, left: status.left, period: status });
    }
  }
  const token = tokenId === null ? undefined : await accessTokenState(db, { id: tokenId });
  if (tokenId !== null && token && token.budgetCredits !== null) {
    const committed = await tokenCommitted(db, { tokenId, waiting });
    const left = Math.round((token.budgetCredits - committed) * 1000) / 1000;
    scopes.push({ scope: "token", limit: token.budgetCredits, committed, left, tokenName: token.name });
  }
  return scopes;
}

/** The scopes a cost does not fit, the tightest first. A cost not known fits while something is left. */
export function overScopes(scopes: ScopeStatus[], cost: number | null): ScopeStatus[] {
  return scopes.filter((s) => (cost === null ? s.left <= 0 : cost > 0 && s.committed + cost > s.limit)).sort((a, b) => a.left - b.left);
}

/**
 * Whose submissions share the one slot for an unknown price: the widest scope covering this one (the team's
 * when a team budget applies, else the member's, else the token's), or null when no budget covers it.
 */
export function unknownPriceScope(
  scopes: ScopeStatus[],
  { userId, tokenId }: { userId: string; tokenId: string | null },
): { userId: string | null; tokenId: string | null } | null {
  if (scopes.length === 0) return null;
  if (scopes.some((s) => s.scope === "team")) return { userId: null, tokenId: null };
  if (scopes.some((s) => s.scope === "member")) return { userId, tokenId: null };
  return { userId, tokenId };
}

/** What the budgets covering a member (through a token) leave before a batch: the tightest one's credits and name. */
export interface Room {
  /** Credits left in the tightest budget covering these rows, or null when none covers them. */
  left: number | null;
  name: string | null;
}

const scopeName = (scope: ScopeStatus) =>
  scope.scope === "token"
    ? `the token “${scope.tokenName}”'s cap`
    : `${scope.scope === "team" ? "the team's" : "your"} ${PERIOD_ADJECTIVE[scope.period!.budget.period]} budget`;

/** The room the door's scopes leave now, counting everything already waiting (a batch's preview and its trim). */
export async function budgetRoom(
  db: Kysely<Database>,
  { userId, tokenId, now }: { userId: string; tokenId: string | null; now: Date },
): Promise<Room> {
  const scopes = await coveringScopes(db, { userId, tokenId, now, moment: "door" });
  const tightest = scopes.sort((a, b) => a.left - b.left)[0];
  return tightest ? { left: Math.max(0, tightest.left), name: scopeName(tightest) } : { left: null, name: null };
}

/**
 * How many of `costs` fit in the room, in order: overScopes's rule applied row by row. Each known price is taken
 * from what is left until one does not fit; an unknown one fits while anything is left (the dispatcher holds it
 * if its price, once known, does not).
 */
export function rowsThatFit(costs: (number | null)[], room: Room): number {
  if (room.left === null) return costs.length;
  let left = room.left;
  for (let i = 0; i < costs.length; i++) {
    const cost = costs[i]!;
    if (cost === null ? left <= 0 : cost > left) return i;
    left -= cost ?? 0;
  }
  return costs.length;
}
