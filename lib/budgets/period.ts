// Calendar periods of budgets in the team's time zone (an IANA name), with the Intl API only: a day is
// midnight to midnight on the team's wall clock (23 or 25 hours across a DST change), a week starts on
// Monday, a month on the 1st. Client-safe: the Credits page words renewals with it too.

import { formatDayMonth, formatTime } from "@/lib/dates";

export type BudgetPeriod = "day" | "week" | "month";

export const BUDGET_PERIODS: readonly BudgetPeriod[] = ["day", "week", "month"];

export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 = Monday
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function wallClock(instant: number, timeZone: string): Wall & { second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(String(parts.weekday)),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant at which the zone's wall clock reads year-month-day 00:00, or, where DST skips
 * midnight (America/Santiago, for one), the instant the day's first wall time begins.
 */
function startOfWallDay(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  // Midnight under the offset in force the day before, on the day, and the day after: the earliest one whose
  // wall clock shows that date is where the day begins (in a gap that is the instant the clocks jump).
  const candidates = [guess - 86_400_000, guess, guess + 86_400_000].map((at) => guess - offsetAt(at, timeZone));
  const onTheDay = candidates.filter((at) => {
    const w = wallClock(at, timeZone);
    return w.year === year && w.month === month && w.day === day;
  });
  return onTheDay.length > 0 ? Math.min(...onTheDay) : candidates[1]!;
}

export interface PeriodBounds {
  /** Inclusive, ISO 8601 UTC. */
  start: string;
  /** Exclusive: the instant it renews. */
  end: string;
}

/** The calendar period holding `now`, in `timeZone`. */
export function periodBounds(period: BudgetPeriod, now: Date, timeZone: string): PeriodBounds {
  const w = wallClock(now.getTime(), timeZone);
  let first: Date;
  let next: Date;
  if (period === "day") {
    first = new Date(Date.UTC(w.year, w.month - 1, w.day));
    next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  } else if (period === "week") {
    first = new Date(Date.UTC(w.year, w.month - 1, w.day - w.weekday));
    next = new Date(Date.UTC(w.year, w.month - 1, w.day - w.weekday + 7));
  } else {
    first = new Date(Date.UTC(w.year, w.month - 1, 1));
    next = new Date(Date.UTC(w.year, w.month, 1));
  }
  const at = (d: Date) => new Date(startOfWallDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone)).toISOString();
  return { start: at(first), end: at(next) };
}

/**
 * "at 00:00, Europe/Paris time", "on Monday 30 November at 00:00, UTC time". (Not "at 00:00 (Europe/Paris)":
 * the tests' leak check reads "at x (" as a stack frame.)
 */
export function renewalText(period: BudgetPeriod, end: string, timeZone: string): string {
  const time = formatTime(end, timeZone);
  if (period === "day") return `at ${time}, ${timeZone} time`;
  return `on ${formatDayMonth(end, { timeZone, weekday: period === "week" })} at ${time}, ${timeZone} time`;
}

export const PERIOD_ADJECTIVE: Record<BudgetPeriod, string> = { day: "daily", week: "weekly", month: "monthly" };
