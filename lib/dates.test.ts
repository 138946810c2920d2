import { describe, expect, it, vi } from "vitest";
import { formatCalendarKey, formatDate, formatDateTime, formatDayMonth, formatTime, formatUtcDateTime, formatZone } from "./dates";

describe("dates as pages write them", () => {
  const at = "2026-11-26T20:08:41.000Z";

  it("writes the day first with a named month, whatever the time zone asked for", () => {
    expect(formatDate(at, "UTC")).toBe("26 Nov 2026");
    expect(formatDateTime(at, "UTC")).toBe("26 Nov 2026, 20:08 UTC");
    expect(formatDateTime(at, "Asia/Tokyo")).toBe("27 Nov 2026, 05:08 UTC+9");
    expect(formatDateTime(at, "America/St_Johns")).toBe("26 Nov 2026, 16:38 UTC-3:30");
    expect(formatUtcDateTime(at)).toBe("26 Nov 2026, 20:08 UTC");
    expect(formatTime(at, "Asia/Tokyo")).toBe("05:08");
    expect(formatDate(at, "Asia/Tokyo")).toBe("27 Nov 2026");
    expect(formatDayMonth("2026-11-30T00:00:00Z", { timeZone: "UTC", weekday: true })).toBe("Monday 30 November");
    expect(formatDayMonth("2026-12-01T00:00:00Z", { timeZone: "UTC" })).toBe("1 December");
  });

  it("names the zone by its offset at that instant, the reader's too", () => {
    expect(formatZone("2026-07-01T12:00:00Z", "Europe/Paris")).toBe("UTC+2");
    expect(formatZone("2026-12-01T12:00:00Z", "Europe/Paris")).toBe("UTC+1");
    expect(formatZone(at, "Asia/Kathmandu")).toBe("UTC+5:45");
    vi.stubEnv("TZ", "America/New_York");
    expect(formatZone(at)).toBe("UTC-5");
    expect(formatDateTime(at)).toBe("26 Nov 2026, 15:08 UTC-5");
    vi.unstubAllEnvs();
  });

  it("writes calendar keys without a time zone", () => {
    expect(formatCalendarKey("2025-03-03", "short")).toBe("3 Mar");
    expect(formatCalendarKey("2025-03", "long")).toBe("March 2025");
  });
});

describe("dates written without Intl", () => {
  // The reader's zone and UTC are written by hand (a page's first Intl call is slow); they must read as Intl's.
  it.each(["UTC", "Australia/Lord_Howe", "America/St_Johns", "Asia/Kathmandu", "Europe/Amsterdam"])(
    "writes what Intl writes, in the reader's time zone (%s) and in UTC, over four centuries of instants",
    (readerZone) => {
      vi.stubEnv("TZ", readerZone);
      // Intl's formatters for this reader's zone (one without a timeZone keeps the zone it was built in).
      const formatters = new Map<string, Intl.DateTimeFormat>();
      const intl = (options: Intl.DateTimeFormatOptions, at: Date) => {
        const key = JSON.stringify(options);
        if (!formatters.has(key)) formatters.set(key, new Intl.DateTimeFormat("en-GB", options));
        return formatters.get(key)!.format(at);
      };
      const sample = new Date("2026-11-26T20:08:41Z");
      expect(formatTime(sample) === formatTime(sample, "UTC")).toBe(readerZone === "UTC");
      let seed = 11;
      const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
      for (let i = 0; i < 500; i += 1) {
        const at = new Date(Date.UTC(1900, 0, 1) + Math.floor(next() * 400 * 365.25 * 86_400_000));
        for (const timeZone of [undefined, "UTC"]) {
          expect(formatDate(at, timeZone)).toBe(intl({ day: "numeric", month: "short", year: "numeric", timeZone }, at));
          expect(formatDateTime(at, timeZone)).toBe(
            `${intl({ dateStyle: "medium", timeStyle: "short", timeZone }, at)} ${formatZone(at, timeZone)}`,
          );
          expect(formatTime(at, timeZone)).toBe(intl({ hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }, at));
          expect(formatDayMonth(at, { timeZone, weekday: true })).toBe(
            intl({ day: "numeric", month: "long", weekday: "long", timeZone }, at).replace(",", ""),
          );
        }
        // Calendar keys (a spend chart's days and months) are UTC midnights.
        const day = at.toISOString().slice(0, 10);
        const utc = new Date(`${day}T00:00:00Z`);
        expect(formatCalendarKey(day, "long")).toBe(
          intl({ weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }, utc),
        );
        expect(formatCalendarKey(day, "short")).toBe(intl({ day: "numeric", month: "short", timeZone: "UTC" }, utc));
        expect(formatCalendarKey(day.slice(0, 7), "long")).toBe(intl({ month: "long", year: "numeric", timeZone: "UTC" }, utc));
        expect(formatCalendarKey(day.slice(0, 7), "short")).toBe(intl({ month: "short", year: "numeric", timeZone: "UTC" }, utc));
      }
      vi.unstubAllEnvs();
    },
  );

  it("still refuses an invalid date, as Intl did", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime(NaN, "UTC")).toThrow(RangeError);
  });
});
