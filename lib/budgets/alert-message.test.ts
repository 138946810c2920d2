import { describe, expect, it } from "vitest";
import { budgetAlertMessage } from "./alerts";

const alert = {
  id: "a1",
  budget_id: "b1",
  user_id: "u1",
  member_name: "Ada",
  threshold: 80,
  scope: "member" as const,
  period: "day" as const,
  period_end: "2026-11-24T23:00:00.000Z",
  time_zone: "Europe/Paris",
  limit_credits: 100,
  used: 44,
  committed: 88,
  fired_at: "2026-11-24T10:00:00.000Z",
};

describe("budgetAlertMessage", () => {
  it("says which budget, how far, the figures and when it renews, for Slack (text) and Discord (content)", () => {
    const message = budgetAlertMessage(alert);
    const text = "Darkroom: Ada's daily budget reached 80%: 88 of 100 credits committed (44 used). It renews at 00:00, Europe/Paris time.";
    expect(message.text).toBe(text);
    expect(message.content).toBe(text);
    expect(message.darkroom).toMatchObject({
      type: "budget_alert",
      scope: "member",
      member: { id: "u1", name: "Ada" },
      threshold: 80,
      limit: 100,
    });
    expect(JSON.parse(JSON.stringify(message))).toEqual(message);
  });

  it("names the team's budget and a used-up one", () => {
    const message = budgetAlertMessage({
      ...alert,
      scope: "team",
      threshold: 100,
      period: "month",
      committed: 100,
      period_end: "2026-12-01T00:00:00.000Z",
      time_zone: "UTC",
    });
    expect(message.text).toBe(
      "Darkroom: The team's monthly budget is used up: 100 of 100 credits committed (44 used). It renews on 1 December at 00:00, UTC time.",
    );
    expect(message.darkroom.member).toBeNull();
  });
});
