// The words of the folded alert line above every page: "2 budgets past 80% · Mo 88 of 100 · Team 689 of 1,000".
// Client-safe and pure, so its words are unit-tested rather than read off a screenshot.
import { formatNumber, plural } from "@/lib/format";
import type { BudgetAlertView } from "@/lib/schemas/budgets";
import { PERIOD_ADJECTIVE } from "./period";

type LineAlert = Pick<BudgetAlertView, "threshold" | "name" | "period" | "limit" | "committed">;

const crossed = (threshold: number) => (threshold >= 100 ? "used up" : `past ${threshold}%`);

/** "2 budgets past 80%"; with thresholds mixed, the highest first: "1 budget used up, 2 past 50%". */
export function alertHeadline(alerts: LineAlert[]): string {
  const counts = new Map<number, number>();
  for (const alert of alerts) counts.set(alert.threshold, (counts.get(alert.threshold) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => b - a)
    .map(([threshold, count], i) => `${i === 0 ? plural(count, "budget") : formatNumber(count)} ${crossed(threshold)}`)
    .join(", ");
}

/** "Mo 88 of 100" per alert (committed of the limit, live); a name that shows twice says its period: "Team daily 40 of 50". */
export function alertFigures(alerts: LineAlert[]): string[] {
  const named = new Map<string, number>();
  for (const alert of alerts) named.set(alert.name, (named.get(alert.name) ?? 0) + 1);
  return alerts.map((alert) => {
    const who = named.get(alert.name)! > 1 ? `${alert.name} ${PERIOD_ADJECTIVE[alert.period]}` : alert.name;
    return `${who} ${formatNumber(alert.committed)} of ${formatNumber(alert.limit)}`;
  });
}

/** The whole folded line, as a screen reader hears the disclosure button. */
export const alertLine = (alerts: LineAlert[]) => [alertHeadline(alerts), ...alertFigures(alerts)].join(" · ");
