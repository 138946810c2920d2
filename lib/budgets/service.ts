import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { inOneSnapshot, ledgerWindow, SINCE_FOREVER_END } from "@/lib/credits/ledger";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import {
  deleteBudget,
  dismissAlert,
  getAlert,
  getBudget,
  insertBalance,
  insertGrant,
  latestBalance,
  listActiveAlerts,
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
import { budgetAlertText } from "./alerts";
import { burnForecast } from "./forecast";
import { budgetStatus, TEAM_TIME_ZONE, teamTimeZone } from "./status";

const isAdmin = (user: SessionUser) => roleAtLeast(user.role, "admin");

/** Admins see every budget; members and viewers see the team's and their own. */
export async function budgetsFor(user: SessionUser, now = new Date()): Promise<BudgetsAnswer> {
  const { db } = database();
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

export async function alertsFor(user: SessionUser, now = new Date()): Promise<BudgetAlertView[]> {
  const { db } = database();
  const alerts = await listActiveAlerts(db, { viewerId: user.id, admin: isAdmin(user), now: now.toISOString() });
  const names = new Map((await listMembers(db)).map((m) => [m.id, m.name]));
  return alerts.map((alert) => ({
    id: alert.id,
    threshold: alert.threshold,
    scope: alert.scope,
    userId: alert.scope === "member" ? alert.user_id : null,
    text: budgetAlertText({
      ...alert,
      limit_credits: Number(alert.limit_credits),
      used: Number(alert.used),
      committed: Number(alert.committed),
      member_name: alert.user_id === user.id ? "Your" : (names.get(alert.user_id) ?? null),
    }).replace(/^Your's/, "Your"),
    firedAt: alert.fired_at,
  }));
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
export async function balanceEstimate(): Promise<BalanceView | null> {
  const { db } = database();
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
