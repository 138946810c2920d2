// Budget alerts as browser notifications (BudgetAlerts loads this where it shows alerts).
import { notificationsWanted } from "@/lib/notifications-browser";
import type { BudgetAlertView } from "@/lib/schemas/budgets";

const NOTIFIED = "darkroom:budget-alerts-notified";
/** Only alerts this recent become a browser notification: opening Darkroom after a week does not replay them. */
const FRESH_MS = 15 * 60_000;

/**
 * A browser notification per threshold crossed, once per browser, where the member turned notifications on: the
 * banner shows one alert per budget, but the 50% and the 80% are each notified, as they were before it folded.
 */
export function notifyNew(alerts: BudgetAlertView[]) {
  if (!notificationsWanted()) return;
  let seen: string[];
  try {
    seen = JSON.parse(localStorage.getItem(NOTIFIED) ?? "[]") as string[];
  } catch {
    seen = [];
  }
  const fresh = alerts.flatMap((alert) => alert.fired).filter((a) => !seen.includes(a.id) && Date.now() - Date.parse(a.firedAt) < FRESH_MS);
  for (const alert of fresh) new Notification("Darkroom: budget alert", { body: alert.text, tag: `budget-${alert.id}` });
  if (fresh.length > 0) localStorage.setItem(NOTIFIED, JSON.stringify([...seen, ...fresh.map((a) => a.id)].slice(-200)));
}
