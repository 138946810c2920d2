import "server-only";
import type { Connection } from "@/lib/db/connect";
import { findAlert, insertAlert, listBudgets, type BudgetAlert } from "@/lib/db/budgets";
import { getMember } from "@/lib/db/users";
import { enqueueWebhook } from "@/lib/webhooks/enqueue";
import type { WebhookEvent } from "@/lib/webhooks/payload";
import { formatDayMonth, formatTime } from "@/lib/dates";
import { formatNumber } from "@/lib/format";
import { PERIOD_ADJECTIVE, renewalText, type BudgetPeriod } from "./period";
import { appliesTo, budgetStatus, teamTimeZone } from "./status";

export const ALERT_THRESHOLDS = [50, 80, 100] as const;

/**
 * Records the alerts a member's budgets and the team's have reached: when committed credits reach 50, 80
 * or 100% of a limit. The unique (budget, period start, threshold) index makes each fire once per period,
 * whatever the number of instances or restarts; answers the ones this call recorded. Called after a
 * submission is stored and after a task reports what it reserved (the estimate may have been low).
 */
export async function checkBudgetAlerts(
  connection: Connection,
  { userId, now }: { userId: string | null; now: Date },
): Promise<BudgetAlert[]> {
  const { db } = connection;
  const budgets = (await listBudgets(db, userId === null ? {} : { userId })).filter((b) =>
    userId === null ? b.scope === "team" : appliesTo(b, userId),
  );
  if (budgets.length === 0) return [];
  const timeZone = await teamTimeZone(db);
  const fired: BudgetAlert[] = [];
  for (const budget of budgets) {
    const status = await budgetStatus(db, budget, { now, timeZone });
    if (status.committed <= 0) continue;
    for (const threshold of ALERT_THRESHOLDS) {
      if (status.committed < (budget.limit_credits * threshold) / 100) continue;
      const recorded = await insertAlert(db, {
        budget_id: budget.id,
        period_start: status.start,
        threshold,
        scope: budget.scope,
        user_id: budget.user_id,
        period: budget.period,
        period_end: status.end,
        time_zone: timeZone,
        limit_credits: budget.limit_credits,
        used: status.used,
        committed: status.committed,
        fired_at: now.toISOString(),
      });
      if (recorded) fired.push(recorded);
      // Posted once whatever happens (the alert's id is the delivery's dedupe key), so offering it again at each
      // check costs a lookup and makes a crash between recording and queueing harmless. An alert recorded while
      // no webhook was set is posted at the next check after one is.
      const alert = recorded ?? (await findAlert(db, { budgetId: budget.id, periodStart: status.start, threshold }));
      if (!alert) continue;
      const member = alert.scope === "member" ? await getMember(db, { id: alert.user_id }) : undefined;
      await enqueueWebhook(db, budgetAlertEvent({ ...alert, member_name: member?.name ?? null }));
    }
  }
  return fired;
}

export interface BudgetAlertFacts {
  threshold: number;
  scope: "member" | "team";
  period: "day" | "week" | "month";
  period_end: string;
  time_zone: string;
  limit_credits: number;
  used: number;
  committed: number;
  /** The member's name, for a member's budget (the alert row keeps the id). */
  member_name?: string | null;
}

/** "Ada's daily budget" / "Your daily budget" (`own`) / "The team's monthly budget". */
export function budgetName(alert: Pick<BudgetAlertFacts, "scope" | "period" | "member_name"> & { own?: boolean }): string {
  const adjective = PERIOD_ADJECTIVE[alert.period];
  if (alert.scope === "team") return `The team's ${adjective} budget`;
  return alert.own ? `Your ${adjective} budget` : `${alert.member_name ?? "A member"}'s ${adjective} budget`;
}

const reached = (threshold: number) => (threshold >= 100 ? "is used up" : `reached ${threshold}%`);
const figures = (alert: Pick<BudgetAlertFacts, "committed" | "limit_credits" | "used">) =>
  `${formatNumber(alert.committed)} of ${formatNumber(alert.limit_credits)} credits committed (${formatNumber(alert.used)} used)`;

/** The webhook's sentence, posted once when the threshold is crossed: the figures of that moment. */
export function budgetAlertText(alert: BudgetAlertFacts): string {
  return `${budgetName(alert)} ${reached(alert.threshold)}: ${figures(alert)}. It renews ${renewalText(alert.period, alert.period_end, alert.time_zone)}.`;
}

/**
 * The banner's and the browser notification's sentence: when the threshold was crossed, then the budget's
 * figures now, so it stays true while tasks finish ("88 committed (0 used)" read long after both had succeeded).
 */
export function liveAlertText(alert: BudgetAlertFacts & { own?: boolean; fired_at: string }): string {
  const when = firedWhen(alert.period, alert.fired_at, alert.time_zone);
  const crossed = alert.threshold >= 100 ? `was used up ${when}` : `reached ${alert.threshold}% ${when}`;
  return `${budgetName(alert)} ${crossed}: now ${figures(alert)}. It renews ${renewalText(alert.period, alert.period_end, alert.time_zone)}.`;
}

/** "at 10:04" within a day's budget; "on 24 November at 10:04" within a week's or a month's (the team's clock). */
export function firedWhen(period: BudgetPeriod, firedAt: string, timeZone: string): string {
  const time = formatTime(firedAt, timeZone);
  if (period === "day") return `at ${time}`;
  return `on ${formatDayMonth(firedAt, { timeZone })} at ${time}`;
}

/**
 * An alert as the team's webhook event (lib/webhooks sends it as Slack's `text`, Discord's `content` and our
 * structured `darkroom.data`). The alert's id is its dedupe key: each alert is posted once.
 */
export function budgetAlertEvent(
  alert: BudgetAlertFacts & { id: string; budget_id: string; user_id: string; fired_at: string },
): WebhookEvent {
  return {
    kind: "budget.alert",
    text: `Darkroom: ${budgetAlertText(alert)}`,
    dedupeKey: `budget-alert:${alert.id}`,
    data: {
      alert: alert.id,
      budget: alert.budget_id,
      scope: alert.scope,
      member: alert.scope === "member" ? { id: alert.user_id, name: alert.member_name ?? null } : null,
      period: alert.period,
      renews_at: alert.period_end,
      time_zone: alert.time_zone,
      threshold: alert.threshold,
      limit: alert.limit_credits,
      used: alert.used,
      committed: alert.committed,
      fired_at: alert.fired_at,
    },
  };
}
