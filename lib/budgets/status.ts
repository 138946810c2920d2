import "server-only";
import type { Kysely } from "kysely";
import { getInstanceValue } from "@/lib/db/instance";
import { ledgerWindow } from "@/lib/credits/ledger";
import type { Budget } from "@/lib/db/budgets";
import type { Database } from "@/lib/db/schema";
import { isTimeZone, periodBounds, renewalText } from "./period";

export const TEAM_TIME_ZONE = "team_time_zone";

/** The team's time zone (Settings), UTC until an admin sets one. */
export async function teamTimeZone(db: Kysely<Database>): Promise<string> {
  const value = await getInstanceValue(db, { key: TEAM_TIME_ZONE });
  return value && isTimeZone(value) ? value : "UTC";
}

export interface BudgetStatus {
  budget: Budget;
  timeZone: string;
  start: string;
  end: string;
  /** The ledger's words (lib/credits/ledger.ts): used, reserved now, refund pending, refunded. */
  used: number;
  reserved: number;
  refundPending: number;
  refunded: number;
  /** The ledger's "waiting": estimated cost of submissions waiting or being sent. */
  queued: number;
  /** used + reserved now + refund pending + waiting: what the budget counts. */
  committed: number;
  left: number;
  /** "at 00:00, Europe/Paris time". */
  renews: string;
}

export async function budgetStatus(
  db: Kysely<Database>,
  budget: Budget,
  { now, timeZone, queued = "all" }: { now: Date; timeZone: string; queued?: "all" | "sending" },
): Promise<BudgetStatus> {
  const { start, end } = periodBounds(budget.period, now, timeZone);
  const figures = await ledgerWindow(db, { userId: budget.scope === "team" ? null : budget.user_id, start, end, waiting: queued });
  return {
    budget,
    timeZone,
    start,
    end,
    used: figures.used,
    reserved: figures.reservedNow,
    refundPending: figures.refundPending,
    refunded: figures.refunded,
    queued: figures.waiting,
    committed: figures.committed,
    left: Math.round((budget.limit_credits - figures.committed) * 1000) / 1000,
    renews: renewalText(budget.period, end, timeZone),
  };
}

/** The budgets a member's submission counts against: their own and the team's. */
export const appliesTo = (budget: Budget, userId: string) => budget.scope === "team" || budget.user_id === userId;
