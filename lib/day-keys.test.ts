import { describe, expect, it } from "vitest";
import { formatDayKey, instantOfLocalDay, localDayKey, parseDayInput } from "./day-keys";

describe("calendar days", () => {
  it("writes a day key without a time zone", () => {
    expect(formatDayKey("2026-11-26")).toBe("26 Nov 2026");
    expect(formatDayKey("")).toBe("");
    expect(formatDayKey("2026-02-31")).toBe("");
  });

  it("turns a local calendar day into the instants that bound it, and back", () => {
    const start = instantOfLocalDay("2026-11-26", false)!;
    const end = instantOfLocalDay("2026-11-26", true)!;
    expect(Date.parse(end) - Date.parse(start)).toBeGreaterThan(22 * 3600_000);
    expect(localDayKey(start)).toBe("2026-11-26");
    expect(localDayKey(end)).toBe("2026-11-26");
    expect(instantOfLocalDay("", false)).toBeUndefined();
    expect(localDayKey(undefined)).toBe("");
  });
});

describe("parseDayInput", () => {
  it.each([
    ["26 Nov 2026", "2026-11-26"],
    ["26 november 2026", "2026-11-26"],
    ["Nov 26, 2026", "2026-11-26"],
    ["Thu, 26 Nov 2026", "2026-11-26"],
    ["3 Sept 2026", "2026-09-03"],
    ["1st March 2024", "2024-03-01"],
    ["2026-11-26", "2026-11-26"],
    ["2026/1/5", "2026-01-05"],
    ["26/11/2026", "2026-11-26"],
    ["03.04.2026", "2026-04-03"],
    ["29 Feb 2024", "2024-02-29"],
    ["  ", ""],
    ["", ""],
  ])("reads %j as %j", (text, day) => {
    expect(parseDayInput(text)).toBe(day);
  });

  it.each(["26 Nov 20", "26 Nov", "Nov 2026", "31 Nov 2026", "29 Feb 2026", "2026-13-01", "11/26/2026", "soon", "26 Nov 2026 10:00"])(
    "does not read %j as a day",
    (text) => {
      expect(parseDayInput(text)).toBeNull();
    },
  );
});
