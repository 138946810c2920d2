import { describe, expect, it } from "vitest";
import { creditPeriodSchema } from "@/lib/schemas/credit-period-param";
import { bucketFor, bucketKeys, bucketLabel, periodStart } from "./period";

const NOW = new Date("2026-03-05T15:30:00.000Z");

describe("credit periods", () => {
  it("reads ?period=, falling back to 30 days for anything else", () => {
    expect(creditPeriodSchema.parse("7d")).toBe("7d");
    expect(creditPeriodSchema.parse("all")).toBe("all");
    for (const bad of [undefined, "", "365d", "ALL", ["7d", "90d"], 7]) expect(creditPeriodSchema.parse(bad)).toBe("30d");
  });

  it("starts a period at UTC midnight, today included", () => {
    expect(periodStart("7d", NOW)).toBe("2026-02-27T00:00:00.000Z");
    expect(periodStart("30d", NOW)).toBe("2026-02-04T00:00:00.000Z");
    expect(periodStart("90d", NOW)).toBe("2025-12-06T00:00:00.000Z");
    expect(periodStart("all", NOW)).toBeNull();
  });

  it("lists every day of the period, empty ones too", () => {
    const keys = bucketKeys(periodStart("7d", NOW)!, NOW, "day");
    expect(keys).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]);
    expect(bucketKeys(periodStart("30d", NOW)!, NOW, "day")).toHaveLength(30);
    expect(bucketKeys(periodStart("90d", NOW)!, NOW, "day")).toHaveLength(90);
  });

  it("shows all time by day up to 90 days, by month beyond", () => {
    expect(bucketFor("2025-12-06T08:00:00.000Z", NOW)).toBe("day");
    expect(bucketFor("2025-12-05T08:00:00.000Z", NOW)).toBe("month");
    expect(bucketKeys("2025-11-20T08:00:00.000Z", NOW, "month")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
    expect(bucketKeys("2026-04-01T00:00:00.000Z", NOW, "day")).toEqual(["2026-03-05"]);
  });

  it("names days and months in words", () => {
    expect(bucketLabel("2026-03-05", "day")).toBe("Thu, 5 Mar 2026");
    expect(bucketLabel("2026-03-05", "day", "short")).toBe("5 Mar");
    expect(bucketLabel("2026-03", "month")).toBe("March 2026");
  });
});
