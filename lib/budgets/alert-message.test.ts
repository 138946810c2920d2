import { describe, expect, it } from "vitest";
import { webhookBody } from "@/lib/webhooks/payload";
import { budgetAlertEvent, budgetAlertText, liveAlertText } from "./alerts";

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

describe("budgetAlertEvent", () => {
  it("posts which budget, how far, the figures and when it renews, for Slack (text) and Discord (content)", () => {
    const event = budgetAlertEvent(alert);
    const body = webhookBody(event, { id: "d1", createdAt: "2026-11-24T10:00:01.000Z" });
    const text = "Darkroom: Ada's daily budget reached 80%: 88 of 100 credits committed (44 used). It renews at 00:00, Europe/Paris time.";
    expect(event.dedupeKey).toBe("budget-alert:a1");
    expect(body).toEqual({
      text,
      content: text,
      darkroom: {
        id: "d1",
        kind: "budget.alert",
        createdAt: "2026-11-24T10:00:01.000Z",
        data: {
          alert: "a1",
          budget: "b1",
          scope: "member",
          member: { id: "u1", name: "Ada" },
          period: "day",
          renews_at: "2026-11-24T23:00:00.000Z",
          time_zone: "Europe/Paris",
          threshold: 80,
          limit: 100,
          used: 44,
          committed: 88,
          fired_at: "2026-11-24T10:00:00.000Z",
        },
      },
    });
  });

  it("names the team's budget and a used-up one", () => {
    const event = budgetAlertEvent({
      ...alert,
      scope: "team",
      threshold: 100,
      period: "month",
      committed: 100,
      period_end: "2026-12-01T00:00:00.000Z",
      time_zone: "UTC",
    });
    expect(event.text).toBe(
      "Darkroom: The team's monthly budget is used up: 100 of 100 credits committed (44 used). It renews on 1 December at 00:00, UTC time.",
    );
    expect(event.data?.member).toBeNull();
  });

  it("writes numbers as every page does", () => {
    expect(budgetAlertText({ ...alert, scope: "team", limit_credits: 1000, committed: 880.5, used: 0 })).toMatch(
      /^The team's daily budget reached 80%: 880\.5 of 1,000 credits committed \(0 used\)\./,
    );
  });
});

describe("liveAlertText", () => {
  it("says when the threshold was crossed (the team's clock) and the budget's figures now", () => {
    expect(liveAlertText({ ...alert, own: true, used: 88, committed: 88 })).toBe(
      "Your daily budget reached 80% at 11:00: now 88 of 100 credits committed (88 used). It renews at 00:00, Europe/Paris time.",
    );
    expect(
      liveAlertText({
        ...alert,
        threshold: 100,
        period: "month",
        period_end: "2026-11-30T23:00:00.000Z",
        limit_credits: 1000,
        committed: 1000,
        used: 956,
      }),
    ).toBe(
      "Ada's monthly budget was used up on 24 November at 11:00: now 1,000 of 1,000 credits committed (956 used). It renews on 1 December at 00:00, Europe/Paris time.",
    );
  });
});
