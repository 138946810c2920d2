import { describe, expect, it } from "vitest";
import { isTimeZone, periodBounds, renewalText } from "./period";

const bounds = (period: "day" | "week" | "month", now: string, zone: string) => periodBounds(period, new Date(now), zone);

describe("budget periods in the team's time zone", () => {
  it("a Paris day is 23 hours when the clocks go forward and 25 when they go back", () => {
    expect(bounds("day", "2026-03-29T12:00:00Z", "Europe/Paris")).toEqual({
      start: "2026-03-28T23:00:00.000Z",
      end: "2026-03-29T22:00:00.000Z",
    });
    expect(bounds("day", "2026-10-25T12:00:00Z", "Europe/Paris")).toEqual({
      start: "2026-10-24T22:00:00.000Z",
      end: "2026-10-25T23:00:00.000Z",
    });
  });

  it("a day whose midnight does not exist (Santiago skips 00:00 to 01:00) starts when the clocks jump", () => {
    expect(bounds("day", "2026-09-06T12:00:00Z", "America/Santiago").start).toBe("2026-09-06T04:00:00.000Z");
    expect(bounds("day", "2026-09-05T12:00:00Z", "America/Santiago").end).toBe("2026-09-06T04:00:00.000Z");
  });

  it("the instant of midnight belongs to the new day, the one before to the old", () => {
    expect(bounds("day", "2026-11-23T23:00:00Z", "Europe/Paris").start).toBe("2026-11-23T23:00:00.000Z");
    expect(bounds("day", "2026-11-23T22:59:59.999Z", "Europe/Paris").end).toBe("2026-11-23T23:00:00.000Z");
  });

  it("weeks start on Monday and months on the 1st, on the team's wall clock across a DST change", () => {
    // Sunday 29 March 2026, 23:30 in Paris: the week began Monday 23 March (still winter time).
    expect(bounds("week", "2026-03-29T21:30:00Z", "Europe/Paris")).toEqual({
      start: "2026-03-22T23:00:00.000Z",
      end: "2026-03-29T22:00:00.000Z",
    });
    expect(bounds("month", "2026-11-23T17:00:00Z", "Asia/Tokyo")).toEqual({
      start: "2026-10-31T15:00:00.000Z",
      end: "2026-11-30T15:00:00.000Z",
    });
    expect(bounds("month", "2026-12-31T23:30:00Z", "UTC")).toEqual({ start: "2026-12-01T00:00:00.000Z", end: "2027-01-01T00:00:00.000Z" });
  });

  it("words the renewal in the team's zone", () => {
    const day = bounds("day", "2026-11-23T12:00:00Z", "Europe/Paris");
    expect(renewalText("day", day.end, "Europe/Paris")).toBe("at 00:00, Europe/Paris time");
    const week = bounds("week", "2026-11-23T12:00:00Z", "UTC");
    expect(renewalText("week", week.end, "UTC")).toBe("on Monday 30 November at 00:00, UTC time");
    const month = bounds("month", "2026-11-23T12:00:00Z", "UTC");
    expect(renewalText("month", month.end, "UTC")).toBe("on 1 December at 00:00, UTC time");
  });

  it("accepts IANA names only", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
