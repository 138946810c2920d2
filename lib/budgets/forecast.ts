// The burn-rate forecast of a budget: committed so far over the part of the period gone, carried forward.
import { dayOfMonth, formatTime, formatWeekday, formatZone } from "@/lib/dates";
import type { BudgetPeriod } from "./period";

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${["th", "st", "nd", "rd"][day % 10] ?? "th"}`;
}

/** `whose`: "the team's", "Ada's". "At this pace the team's budget runs out on the 19th." / "… lasts the month." Null before anything is spent. */
export function burnForecast({
  whose,
  period,
  committed,
  limit,
  start,
  end,
  now,
  timeZone,
}: {
  whose: string;
  period: BudgetPeriod;
  committed: number;
  limit: number;
  start: string;
  end: string;
  now: Date;
  timeZone: string;
}): string | null {
  if (committed <= 0) return null;
  if (committed >= limit) return `${whose[0]!.toUpperCase()}${whose.slice(1)} budget is used up until it renews.`;
  const startMs = Date.parse(start);
  // At least a minute gone, so the first submission of a period does not forecast it gone by lunch.
  const elapsed = Math.max(60_000, now.getTime() - startMs);
  const runsOut = startMs + (elapsed * limit) / committed;
  if (runsOut >= Date.parse(end)) return `At this pace ${whose} budget lasts the ${period}.`;
  const at = new Date(runsOut);
  const when =
    period === "day"
      ? `at ${formatTime(at, timeZone)} ${formatZone(at, timeZone)}`
      : period === "week"
        ? `on ${formatWeekday(at, timeZone)}`
        : `on the ${ordinal(dayOfMonth(at, timeZone))}`;
  return `At this pace ${whose} budget runs out ${when}.`;
}
