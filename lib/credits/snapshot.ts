import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { periodBounds } from "@/lib/budgets/period";
import { balanceEstimate, budgetsFor } from "@/lib/budgets/service";
import { database } from "@/lib/db";
import { inOneSnapshot } from "@/lib/db/budgets";
import type { BalanceView, BudgetsAnswer } from "@/lib/schemas/budgets";
import type { CreditPeriod } from "@/lib/schemas/credits";
import { ledgerWindow } from "./ledger";
import { getCreditReport, type CreditReport } from "./report";

/** The team's credits since midnight in its time zone: the Overview's "Today's spend", the day budgets' day. */
export interface TodaySpend {
  since: string;
  timeZone: string;
  used: number;
  reservedNow: number;
  refunded: number;
  tasks: number;
}

/**
 * Every credit figure an open page shows, of one moment: the budgets (as this viewer may see them: rows, the
 * sidebar's "left"), the balance estimate, today's spend, and with a period the Credits page's report. Pages
 * render it first on the server and read it again from GET /api/credits/ledger when live events say a figure
 * moved, so no part of a page stays at an older moment than another.
 */
export interface LedgerSnapshot {
  budgets: BudgetsAnswer;
  balance: BalanceView | null;
  today: TodaySpend;
  /** The Credits page's totals, chart and tables; null when no period was asked for (the Overview). */
  report: CreditReport | null;
}

export async function ledgerSnapshot(user: SessionUser, { period, now = new Date() }: { period?: CreditPeriod; now?: Date } = {}) {
  return inOneSnapshot(database().db, async (db): Promise<LedgerSnapshot> => {
    // One after another: a transaction holds one connection.
    const budgets = await budgetsFor(user, now, db);
    const balance = await balanceEstimate(db);
    const day = periodBounds("day", now, budgets.timeZone);
    const figures = await ledgerWindow(db, { userId: null, start: day.start, end: day.end });
    const today = {
      since: day.start,
      timeZone: budgets.timeZone,
      used: figures.used,
      reservedNow: figures.reservedNow,
      refunded: figures.refunded,
      tasks: figures.tasks,
    };
    const report = period ? await getCreditReport({ period, now, db }) : null;
    return { budgets, balance, today, report };
  });
}
