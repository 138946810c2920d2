import { describe, expect, it } from "vitest";
import { chooseAlert, type FiredAlert } from "./alert-choice";

const START = "2026-11-24T00:00:00.000Z";
const budget = { id: "b1", limit: 100, committed: 88, start: START };
const fired = (threshold: number, more: Partial<FiredAlert> = {}): FiredAlert => ({
  id: `a${threshold}`,
  budgetId: "b1",
  periodStart: START,
  threshold,
  limit: 100,
  firedAt: `2026-11-24T10:${String(threshold).padStart(2, "0")}:00.000Z`,
  dismissed: false,
  ...more,
});

describe("chooseAlert", () => {
  it("shows the highest threshold crossed: the 80% replaces the 50%", () => {
    const choice = chooseAlert([fired(80), fired(50)], budget);
    expect(choice?.shown.threshold).toBe(80);
    // Both are still notified, once each, lowest first.
    expect(choice?.fired.map((a) => a.threshold)).toEqual([50, 80]);
  });

  it("keeps a dismissed 80% dismissed (the 50% under it does not come back) until the 100% fires", () => {
    expect(chooseAlert([fired(50), fired(80, { dismissed: true })], budget)).toBeNull();
    const choice = chooseAlert([fired(50), fired(80, { dismissed: true }), fired(100)], { ...budget, committed: 100 });
    expect(choice?.shown.threshold).toBe(100);
    expect(choice?.fired.map((a) => a.threshold)).toEqual([50, 100]);
  });

  it("shows only this budget's alerts of its current period", () => {
    expect(chooseAlert([fired(80, { periodStart: "2026-11-23T00:00:00.000Z" })], budget)).toBeNull();
    expect(chooseAlert([fired(80, { budgetId: "b2" })], budget)).toBeNull();
    expect(chooseAlert([], budget)).toBeNull();
  });

  it("keeps an alert whose tasks were refunded since (it did reach 80% this period; the live figure says where it is now)", () => {
    expect(chooseAlert([fired(50), fired(80)], { ...budget, committed: 44 })?.shown.threshold).toBe(80);
  });

  it("drops an alert fired under a limit since raised, unless the live figure still reaches it", () => {
    const raised = { ...budget, limit: 1000 };
    expect(chooseAlert([fired(50), fired(80)], raised)).toBeNull();
    expect(chooseAlert([fired(50), fired(80)], { ...raised, committed: 600 })?.shown.threshold).toBe(50);
    // Lowered: the old alerts hold all the more, and the higher ones fire at the next check.
    expect(chooseAlert([fired(50)], { ...budget, limit: 60, committed: 40 })?.shown.threshold).toBe(50);
  });
});
