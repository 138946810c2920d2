import { describe, expect, it } from "vitest";
import { alertFigures, alertHeadline, alertLine } from "./alert-line";

const mo = { threshold: 80, name: "Mo", period: "day" as const, limit: 100, committed: 88 };
const team = { threshold: 80, name: "Team", period: "month" as const, limit: 1000, committed: 820 };

describe("the folded alert line", () => {
  it("counts the budgets past a threshold and gives each one's live figure, numbers written as everywhere else", () => {
    expect(alertLine([mo, team])).toBe("2 budgets past 80% · Mo 88 of 100 · Team 820 of 1,000");
  });

  it("says one budget in the singular, and 100% as used up", () => {
    expect(alertHeadline([mo])).toBe("1 budget past 80%");
    expect(alertLine([{ ...team, threshold: 100, committed: 1250 }])).toBe("1 budget used up · Team 1,250 of 1,000");
  });

  it("with thresholds mixed, counts the highest first", () => {
    const ada = { ...mo, name: "Ada", threshold: 50, committed: 52 };
    expect(alertHeadline([mo, { ...team, threshold: 100 }, ada])).toBe("1 budget used up, 1 past 80%, 1 past 50%");
  });

  it("names the period where one name has two budgets", () => {
    expect(alertFigures([{ ...team, period: "day", limit: 50, committed: 40 }, team, mo])).toEqual([
      "Team daily 40 of 50",
      "Team monthly 820 of 1,000",
      "Mo 88 of 100",
    ]);
  });
});
