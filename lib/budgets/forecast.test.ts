import { describe, expect, it } from "vitest";
import { burnForecast } from "./forecast";

const month = { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z", timeZone: "UTC", period: "month" as const };

describe("the burn-rate forecast", () => {
  it("carries the pace so far forward to the day the limit is reached", () => {
    // 10 days gone, 500 of 1,000 committed: at this pace the budget is gone after 20 days, on the 21st.
    const text = burnForecast({ ...month, whose: "the team's", committed: 500, limit: 1000, now: new Date("2026-11-11T00:00:00Z") });
    expect(text).toBe("At this pace the team's budget runs out on the 21st.");
  });

  it("says when the pace lasts the period, when it is used up, and nothing before anything is spent", () => {
    const now = new Date("2026-11-11T00:00:00Z");
    expect(burnForecast({ ...month, whose: "Ada's", committed: 100, limit: 1000, now })).toBe("At this pace Ada's budget lasts the month.");
    expect(burnForecast({ ...month, whose: "your", committed: 1000, limit: 1000, now })).toBe("Your budget is used up until it renews.");
    expect(burnForecast({ ...month, whose: "your", committed: 0, limit: 1000, now })).toBeNull();
  });

  // 6 hours gone, half committed: gone 12 hours after midnight, Paris time.
  it("words a day by the hour, in the team's zone", () => {
    const text = burnForecast({
      whose: "your",
      period: "day",
      start: "2026-11-23T23:00:00.000Z",
      end: "2026-11-24T23:00:00.000Z",
      timeZone: "Europe/Paris",
      committed: 50,
      limit: 100,
      now: new Date("2026-11-24T05:00:00Z"),
    });
    expect(text).toBe("At this pace your budget runs out at 12:00 UTC+1.");
  });
});
