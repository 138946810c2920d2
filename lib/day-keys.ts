// Calendar days as date fields hold them, `YYYY-MM-DD`: what a person typed, the day an instant falls on in the
// reader's time zone, and back. Apart from lib/dates.ts so that a page showing dates does not load the parsing of
// date fields (the gallery's filters load it only when "More filters" opens). Client-safe.
import { formatDate, pad } from "./dates";

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
