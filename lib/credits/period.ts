// Calendar arithmetic of the Credits page, in UTC (task timestamps are ISO 8601 UTC text).
import { formatCalendarKey } from "@/lib/dates";
import type { CreditPeriod } from "@/lib/schemas/credits";

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Exclude<CreditPeriod, "all">, number> = { "7d": 7, "30d": 30, "90d": 90 };
/** Beyond this many days a chart of "all time" shows months: a bar per day would be too thin to read. */
export const MAX_DAY_BARS = 90;

export type Bucket = "day" | "month";

const utcMidnight = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/** The first instant counted: UTC midnight, so "7 days" is today and the six days before it. Null for all time. */
export function periodStart(period: CreditPeriod, now: Date): string | null {
  if (period === "all") return null;
  return new Date(utcMidnight(now) - (PERIOD_DAYS[period] - 1) * DAY_MS).toISOString();
}

/** Days while they fit in a readable chart, months after. */
export function bucketFor(firstDay: string, now: Date): Bucket {
  const days = Math.round((utcMidnight(now) - Date.parse(`${firstDay.slice(0, 10)}T00:00:00Z`)) / DAY_MS) + 1;
  return days > MAX_DAY_BARS ? "month" : "day";
}

/** Every bucket key (`YYYY-MM-DD` or `YYYY-MM`) from the one holding `from` to the one holding `now`, oldest first. */
export function bucketKeys(from: string, now: Date, bucket: Bucket): string[] {
  const keys: string[] = [];
  const end = new Date(utcMidnight(now));
  const cursor = new Date(`${from.slice(0, 10)}T00:00:00Z`);
  if (bucket === "month") cursor.setUTCDate(1);
  // A start in the future (a clock skew) still draws the current bucket.
  if (cursor > end) return [bucketKey(end, bucket)];
  while (cursor <= end) {
    keys.push(bucketKey(cursor, bucket));
    if (bucket === "day") cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return keys;
}

const bucketKey = (date: Date, bucket: Bucket) => date.toISOString().slice(0, bucket === "day" ? 10 : 7);

/** "Mon, 3 Mar 2025" (short: "3 Mar") for a day, "March 2025" (short: "Mar 2025") for a month. */
export const bucketLabel = (key: string, bucket: Bucket, style: "short" | "long" = "long"): string =>
  formatCalendarKey(bucket === "day" ? key.slice(0, 10) : key.slice(0, 7), style);
