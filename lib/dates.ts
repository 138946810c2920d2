// Dates and times as every page, alert and date field writes them: "26 Nov 2026", "26 Nov 2026, 20:08",
// "Monday 30 November", day first and a named month whatever the browser's locale, so "03/04" never means two
// different days to two readers. Client-safe. Machine formats (ISO 8601) stay in the code that writes them.

const LOCALE = "en-GB";

type Instant = string | number | Date;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

// One Intl formatter per shape and time zone: building them is the slow part.
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = cache.get(key);
  if (!found) cache.set(key, (found = new Intl.DateTimeFormat(LOCALE, options)));
  return found;
}

// en-GB's names, as Intl writes them.
const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const WEEKDAYS_SHORT = WEEKDAYS_LONG.map((name) => name.slice(0, 3));

interface Wall {
  year: number;
  /** 0–11. */
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  hour: number;
  minute: number;
}

/**
 * The wall clock in the reader's time zone or in UTC, read without Intl: a page's first Intl call loads the
 * browser's locale data, 10 to 15 ms of one core inside hydration (issue 28), and these two zones need none.
 * Null for another zone (Intl's), or an invalid date (Intl throws, as before).
 */
function wall(date: Date, timeZone: string | undefined): Wall | null {
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined)
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      weekday: date.getDay(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  if (timeZone === "UTC")
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth(),
      day: date.getUTCDate(),
      weekday: date.getUTCDay(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
    };
  return null;
}

/** The wall clock's words, else Intl's for the same shape. */
function written(value: Instant, timeZone: string | undefined, words: (at: Wall) => string, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(value);
  const at = wall(date, timeZone);
  return at ? words(at) : formatter({ ...options, timeZone }).format(date);
}

/** Two digits: "05". */
export const pad = (n: number) => String(n).padStart(2, "0");
const dayMonthYear = (at: Wall) => `${at.day} ${MONTHS_SHORT[at.month]} ${at.year}`;
const hourMinute = (at: Wall) => `${pad(at.hour)}:${pad(at.minute)}`;

/** "26 Nov 2026"; in the given time zone, else the reader's. */
export const formatDate = (value: Instant, timeZone?: string) =>
  written(value, timeZone, dayMonthYear, { day: "numeric", month: "short", year: "numeric" });

/** Minutes east of UTC at that instant in the given time zone, else the reader's. */
function offsetMinutes(date: Date, timeZone: string | undefined): number {
  if (timeZone === "UTC") return 0;
  if (timeZone === undefined) return Math.round(-date.getTimezoneOffset());
  // "GMT+05:30", or "GMT" at UTC itself.
  const name = formatter({ timeZone, timeZoneName: "longOffset" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** "UTC", "UTC+1", "UTC-3:30": the zone a time was written in, the same words for every zone. */
export function formatZone(value: Instant, timeZone?: string): string {
  const minutes = offsetMinutes(toDate(value), timeZone);
  if (minutes === 0) return "UTC";
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? "-" : "+"}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ""}`;
}

/**
 * "26 Nov 2026, 20:08 UTC+1": the one way a moment is written, always with its zone (issue 45); in the given time
 * zone, else the reader's (a client component's, so each reader reads their own clock).
 */
export const formatDateTime = (value: Instant, timeZone?: string) =>
  `${written(value, timeZone, (at) => `${dayMonthYear(at)}, ${hourMinute(at)}`, { dateStyle: "medium", timeStyle: "short" })} ${formatZone(value, timeZone)}`;

/** "26 Nov 2026, 20:08 UTC": for server-rendered pages and records read by people in several time zones. */
export const formatUtcDateTime = (value: Instant) => formatDateTime(value, "UTC");
/** A moment that may not have happened yet ("last used"), or the words for that. */
export const formatUtcDateTimeOr = (value: Instant | null, none: string) => (value === null ? none : formatUtcDateTime(value));

/** "20:08", on the 24-hour clock. */
export const formatTime = (value: Instant, timeZone?: string) =>
  written(value, timeZone, hourMinute, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "30 November" or "Monday 30 November": a day within a budget's period, where the year goes without saying. */
export const formatDayMonth = (value: Instant, { timeZone, weekday = false }: { timeZone?: string; weekday?: boolean } = {}) =>
  written(value, timeZone, (at) => `${weekday ? `${WEEKDAYS_LONG[at.weekday]} ` : ""}${at.day} ${MONTHS_LONG[at.month]}`, {
    day: "numeric",
    month: "long",
    ...(weekday ? { weekday: "long" } : {}),
  }).replace(",", "");

/** "Monday". */
export const formatWeekday = (value: Instant, timeZone?: string) => formatter({ weekday: "long", timeZone }).format(toDate(value));

/** The day of the month (1–31) in the given time zone. */
export const dayOfMonth = (value: Instant, timeZone?: string) => Number(formatter({ day: "numeric", timeZone }).format(toDate(value)));

/** "Thu, 26 Nov 2026" (long) or "26 Nov" (short) for a calendar day `YYYY-MM-DD`; "November 2026" or "Nov 2026" for a month `YYYY-MM`. */
export function formatCalendarKey(key: string, style: "short" | "long" = "long"): string {
  const month = key.length === 7;
  const date = `${month ? `${key}-01` : key}T00:00:00Z`;
  if (month)
    return written(date, "UTC", (at) => `${(style === "long" ? MONTHS_LONG : MONTHS_SHORT)[at.month]} ${at.year}`, {
      month: style,
      year: "numeric",
    });
  return style === "long"
    ? written(date, "UTC", (at) => `${WEEKDAYS_SHORT[at.weekday]}, ${dayMonthYear(at)}`, {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
      })
    : written(date, "UTC", (at) => `${at.day} ${MONTHS_SHORT[at.month]}`, { day: "numeric", month: "short" });
}
