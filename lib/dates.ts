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

const pad = (n: number) => String(n).padStart(2, "0");
const dayMonthYear = (at: Wall) => `${at.day} ${MONTHS_SHORT[at.month]} ${at.year}`;
const hourMinute = (at: Wall) => `${pad(at.hour)}:${pad(at.minute)}`;

/** "26 Nov 2026"; in the given time zone, else the reader's. */
export const formatDate = (value: Instant, timeZone?: string) =>
  written(value, timeZone, dayMonthYear, { day: "numeric", month: "short", year: "numeric" });

/** "26 Nov 2026, 20:08"; in the given time zone, else the reader's. */
export const formatDateTime = (value: Instant, timeZone?: string) =>
  written(value, timeZone, (at) => `${dayMonthYear(at)}, ${hourMinute(at)}`, { dateStyle: "medium", timeStyle: "short" });

/** "26 Nov 2026, 20:08 UTC": for records read by people in several time zones (audit log, tokens, webhooks). */
export const formatUtcDateTime = (value: Instant) => `${formatDateTime(value, "UTC")} UTC`;
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
export const formatWeekday = (value: Instant, timeZone?: string) =>
  written(value, timeZone, (at) => WEEKDAYS_LONG[at.weekday]!, { weekday: "long" });

/** The day of the month (1–31) in the given time zone. */
export const dayOfMonth = (value: Instant, timeZone?: string) =>
  Number(written(value, timeZone, (at) => String(at.day), { day: "numeric" }));

/** "Thu, 26 Nov 2026" (long) or "26 Nov" (short) for a calendar day `YYYY-MM-DD`; "November 2026" or "Nov 2026" for a month `YYYY-MM`. */
export function formatCalendarKey(key: string, style: "short" | "long" = "long"): string {
  const month = key.length === 7;
  const at = wall(new Date(`${month ? `${key}-01` : key}T00:00:00Z`), "UTC");
  if (!at) throw new RangeError(`Invalid calendar key: ${key}`);
  if (month) return `${(style === "long" ? MONTHS_LONG : MONTHS_SHORT)[at.month]} ${at.year}`;
  return style === "long" ? `${WEEKDAYS_LONG[at.weekday]!.slice(0, 3)}, ${dayMonthYear(at)}` : `${at.day} ${MONTHS_SHORT[at.month]}`;
}

// --- Calendar days as date fields hold them: `YYYY-MM-DD` ---

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` of a real calendar day (not 31 Feb), or null. */
function dayKey(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A calendar day `YYYY-MM-DD` as pages write it: "26 Nov 2026" (no time zone: a day is a day). "" for "". */
export function formatDayKey(key: string): string {
  const match = DAY_KEY.exec(key);
  if (!match || !dayKey(Number(match[1]), Number(match[2]), Number(match[3]))) return "";
  return formatDate(`${key}T00:00:00Z`, "UTC");
}

/** The calendar day `YYYY-MM-DD` an instant falls on in the reader's time zone; "" when there is none. */
export function localDayKey(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first (or last) instant of a calendar day `YYYY-MM-DD` in the reader's time zone, as ISO 8601. */
export function instantOfLocalDay(key: string, end: boolean): string | undefined {
  if (!key) return undefined;
  const date = new Date(`${key}T${end ? "23:59:59.999" : "00:00:00"}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const monthOf = (word: string) => {
  const w = word.toLowerCase();
  return w.length >= 3 ? MONTHS.findIndex((m) => w.startsWith(m)) + 1 : 0;
};

/**
 * What a person typed into a date field, as `YYYY-MM-DD`: "26 Nov 2026", "Nov 26, 2026", "26 november 2026",
 * "2026-11-26" and "26/11/2026" (day first, the way pages write dates). "" for an empty field, null when it is not
 * one whole, real day (a half-typed "26 Nov 20" is null, not year 20).
 */
export function parseDayInput(text: string): string | "" | null {
  const input = text.trim();
  if (input === "") return "";
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(input);
  if (iso) return dayKey(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(input);
  if (numeric) return dayKey(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  // Words and numbers in any order: one month name, a day (1–2 digits) and a year (4 digits); a weekday is ignored.
  const tokens = input.split(/[\s,.]+/).filter(Boolean);
  let day = 0;
  let month = 0;
  let year = 0;
  for (const token of tokens) {
    if (/^\d{4}$/.test(token) && !year) year = Number(token);
    else if (/^\d{1,2}(st|nd|rd|th)?$/i.test(token) && !day) day = Number.parseInt(token, 10);
    else if (/^[a-z]+$/i.test(token) && monthOf(token) && !month) month = monthOf(token);
    else if (!/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*$/i.test(token)) return null;
  }
  return day && month && year ? dayKey(year, month, day) : null;
}
