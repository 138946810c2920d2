import "server-only";
import { checkBudgetAlerts } from "./alerts";
import type { SessionUser } from "@/lib/auth/session";
import { ledgerWindow, SINCE_FOREVER_END } from "@/lib/credits/ledger";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import {
  deleteBudget,
  dismissAlert,
  getAlert,
  getBudget,
  inOneSnapshot,
  insertBalance,
  insertGrant,
  latestBalance,
  listPeriodAlerts,
  listBudgets,
  openGrantsByMember,
  releaseBudgetHolds,
  upsertBudget,
} from "@/lib/db/budgets";
import { setInstanceValue } from "@/lib/db/instance";
import { getMember, listMembers } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/members/roles";
import type { BalanceView, BudgetAlertView, BudgetInput, BudgetsAnswer, BudgetView } from "@/lib/schemas/budgets";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { chooseAlert } from "./alert-choice";
import { liveAlertText } from "./alerts";
import { burnForecast } from "./forecast";
import { budgetStatus, TEAM_TIME_ZONE, teamTimeZone } from "./status";

const isAdmin = (user: SessionUser) => roleAtLeast(user.role, "admin");

/** Admins see every budget; members and viewers see the team's and their own. `db`: a snapshot already open, or the pool. */
export async function budgetsFor(user: SessionUser, now = new Date(), db = database().db): Promise<BudgetsAnswer> {
  const admin = isAdmin(user);
  const budgets = await listBudgets(db, admin ? {} : { userId: user.id });
  const timeZone = await teamTimeZone(db);
  const names = new Map((await listMembers(db)).map((m) => [m.id, m.name]));
  const granted = await openGrantsByMember(db);
  // Every budget's figures from one snapshot: the team's row and a member's add up at the same moment.
  const statuses = await inOneSnapshot(db, async (read) => {
    const each = [];
    for (const budget of budgets) each.push(await budgetStatus(read, budget, { now, timeZone }));
    return each;
  });
  const views = await Promise.all(
    budgets.map(async (budget, index): Promise<BudgetView> => {
      const status = statuses[index]!;
      const memberName = budget.scope === "member" ? (names.get(budget.user_id) ?? "Removed member") : null;
      const whose = budget.scope === "team" ? "the team's" : budget.user_id === user.id ? "your" : `${memberName}'s`;
      return {
        id: budget.id,
        scope: budget.scope,
        userId: budget.scope === "member" ? budget.user_id : null,
        memberName,
        period: budget.period,
        limit: budget.limit_credits,
        used: status.used,
        reserved: status.reserved,
        refundPending: status.refundPending,
        queued: status.queued,
        committed: status.committed,
        left: status.left,
        start: status.start,
        end: status.end,
        renews: status.renews,
        forecast: burnForecast({
          whose,
          period: budget.period,
          committed: status.committed,
          limit: budget.limit_credits,
          start: status.start,
          end: status.end,
          now,
          timeZone,
        }),
        allowOncePending: budget.scope === "member" && granted.has(budget.user_id),
      };
    }),
  );
  return { budgets: views, timeZone, canEdit: admin, viewerId: user.id };
}

export async function setBudget(admin: SessionUser, input: BudgetInput): Promise<void> {
  const { db } = database();
  if (input.scope === "member" && !(await getMember(db, { id: input.userId! })))
    throw new AppError("not_found:member", "No member with this id: reload the page to see the current team.");
  const now = new Date().toISOString();
  const { budget, previous } = await upsertBudget(db, {
    scope: input.scope,
    user_id: input.scope === "team" ? "" : input.userId!,
    period: input.period,
    limit_credits: input.limit,
    updated_by: admin.id,
    updated_at: now,
  });
  await recordAudit(db, {
    actorId: admin.id,
    action: "budget.set",
    subjectId: budget.scope === "member" ? budget.user_id : undefined,
    detail: { budget: budget.id, scope: budget.scope, period: budget.period, limit: budget.limit_credits, previous },
  });
  // A raised budget may release submissions held over it; a lowered one holds them at their next look.
  await releaseBudgetHolds(db, { now });
  kickEngine();
  // Lowered below what is already committed: its alert now, not at the member's next submission (issue 45).
  await checkBudgetAlerts(database(), { userId: budget.scope === "team" ? null : budget.user_id, now: new Date(now) });
}

export async function removeBudget(admin: SessionUser, id: string): Promise<void> {
  const { db } = database();
  const budget = await getBudget(db, { id });
  if (!budget || !(await deleteBudget(db, { id }))) throw new AppError("not_found:budget", "This budget no longer exists.");
  await recordAudit(db, {
    actorId: admin.id,
    action: "budget.removed",
    subjectId: budget.scope === "member" ? budget.user_id : undefined,
    detail: { budget: id, scope: budget.scope, period: budget.period, limit: budget.limit_credits },
  });
  await releaseBudgetHolds(db, { now: new Date().toISOString() });
  kickEngine();
}

/** "Allow once": the member's next submission may go over their budget (not the team's). */
export async function allowOnce(admin: SessionUser, userId: string): Promise<void> {
  const { db } = database();
  const member = await getMember(db, { id: userId });
  if (!member) throw new AppError("not_found:member", "No member with this id: reload the page to see the current team.");
  const grant = await insertGrant(db, { userId, grantedBy: admin.id, now: new Date().toISOString() });
  await recordAudit(db, { actorId: admin.id, action: "budget.allow_once", subjectId: userId, detail: { grant } });
}

export async function setTeamTimeZone(admin: SessionUser, timeZone: string): Promise<void> {
  const { db } = database();
  const previous = await teamTimeZone(db);
  await setInstanceValue(db, { key: TEAM_TIME_ZONE, value: timeZone });
  await recordAudit(db, { actorId: admin.id, action: "settings.time_zone", detail: { timeZone, previous } });
}

/**
 * The banner's alerts: one per budget (the highest threshold crossed this period), worded with the budget's
 * live figures from budgetStatus, the same read its row on the Credits page makes.
 */
export async function alertsFor(user: SessionUser, now = new Date()): Promise<BudgetAlertView[]> {
  const { db } = database();
  const admin = isAdmin(user);
  const rows = await listPeriodAlerts(db, { viewerId: user.id, admin, now: now.toISOString() });
  if (rows.length === 0) return [];
  const fired = rows.map((row) => ({
    id: row.id,
    budgetId: row.budget_id,
    periodStart: row.period_start,
    threshold: row.threshold,
    limit: Number(row.limit_credits),
    firedAt: row.fired_at,
    dismissed: row.dismissed,
  }));
  const alerted = new Set(fired.map((a) => a.budgetId));
  const budgets = (await listBudgets(db, admin ? {} : { userId: user.id })).filter((b) => alerted.has(b.id));
  const timeZone = await teamTimeZone(db);
  const names = new Map((await listMembers(db)).map((m) => [m.id, m.name]));
  const views: BudgetAlertView[] = [];
  for (const budget of budgets) {
    const status = await budgetStatus(db, budget, { now, timeZone });
    const choice = chooseAlert(fired, { id: budget.id, limit: budget.limit_credits, committed: status.committed, start: status.start });
    if (!choice) continue;
    const own = budget.scope === "member" && budget.user_id === user.id;
    const memberName = budget.scope === "member" ? (names.get(budget.user_id) ?? "Removed member") : null;
    const text = (alert: { threshold: number; firedAt: string }) =>
      liveAlertText({
        threshold: alert.threshold,
        fired_at: alert.firedAt,
        scope: budget.scope,
        period: budget.period,
        period_end: status.end,
        time_zone: timeZone,
        limit_credits: budget.limit_credits,
        used: status.used,
        committed: status.committed,
        member_name: memberName,
        own,
      });
    views.push({
      id: choice.shown.id,
      budgetId: budget.id,
      threshold: choice.shown.threshold,
      scope: budget.scope,
      userId: budget.scope === "member" ? budget.user_id : null,
      period: budget.period,
      name: budget.scope === "team" ? "Team" : own ? "You" : memberName!,
      limit: budget.limit_credits,
      used: status.used,
      committed: status.committed,
      text: text(choice.shown),
      firedAt: choice.shown.firedAt,
      fired: choice.fired.map((alert) => ({ id: alert.id, threshold: alert.threshold, firedAt: alert.firedAt, text: text(alert) })),
    });
  }
  // The most urgent first: the highest threshold, then the fullest budget.
  return views.sort((a, b) => b.threshold - a.threshold || b.committed / (b.limit || 1) - a.committed / (a.limit || 1));
}

export async function dismissAlertFor(user: SessionUser, id: string): Promise<void> {
  const { db } = database();
  const alert = await getAlert(db, { id });
  if (!alert || (!isAdmin(user) && alert.scope === "member" && alert.user_id !== user.id))
    throw new AppError("not_found:alert", "This alert no longer exists.");
  await dismissAlert(db, { alertId: id, userId: user.id, now: new Date().toISOString() });
}

export async function enterBalance(admin: SessionUser, amount: number): Promise<BalanceView> {
  const { db } = database();
  await insertBalance(db, { amount, enteredBy: admin.id, now: new Date().toISOString() });
  await recordAudit(db, { actorId: admin.id, action: "balance.entered", detail: { amount } });
  return (await balanceEstimate())!;
}

/** The entered balance less what tasks made since then used, hold now, and hold until their refund settles. */
export async function balanceEstimate(db = database().db): Promise<BalanceView | null> {
  const entry = await latestBalance(db);
  if (!entry) return null;
  const figures = await ledgerWindow(db, { userId: null, start: entry.entered_at, end: SINCE_FOREVER_END });
  return {
    entered: entry.amount,
    enteredAt: entry.entered_at,
    enteredBy: entry.entered_by_name ?? null,
    estimate: Math.round((entry.amount - figures.used - figures.reservedNow - figures.refundPending) * 1000) / 1000,
    queued: figures.waiting,
    confirmedLowAt: entry.confirmed_low_at,
  };
}
