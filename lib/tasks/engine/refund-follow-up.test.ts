// The refund follow-up schedule of a failed task without credits_refunded, whatever its code.
import { describe, expect, it } from "vitest";
import { refundFollowUp } from "./refund-follow-up";

const FAILED = "2030-01-01T00:00:00.000Z";
const at = (ms: number) => new Date(Date.parse(FAILED) + ms);
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe("refundFollowUp", () => {
  const next = (since: number, code = "generation_failed") =>
    Date.parse(String(refundFollowUp(at(since), { completedAt: FAILED, refunded: undefined, reserved: 44, code }).next_poll_at)) -
    at(since).getTime();

  it("follows a pending refund at the live tasks' 5 s floor for its first two minutes, for any code", () => {
    for (const since of [0, 5_100, 30_000, 2 * MIN - 1]) {
      expect(next(since)).toBe(5_100);
      expect(next(since, "refund_pending")).toBe(5_100);
    }
  });

  it("then backs off from a minute to a day, then daily until 7 days after the failure", () => {
    expect(next(2 * MIN)).toBe(2 * MIN);
    expect(next(5 * MIN)).toBe(5 * MIN);
    expect(next(3 * 60 * MIN)).toBe(3 * 60 * MIN);
    expect(next(2 * DAY)).toBe(DAY);
    expect(next(6.5 * DAY)).toBe(0.5 * DAY); // the last look is at the 7-day mark
  });

  it("says 'refund not confirmed' after 7 days, and stops", () => {
    expect(refundFollowUp(at(7 * DAY), { completedAt: FAILED, refunded: undefined, reserved: 44 })).toEqual({
      next_poll_at: null,
      refund_unconfirmed: 1,
    });
  });

  it("follows nothing once refunded, with nothing reserved, or for media_deleted", () => {
    for (const input of [
      { refunded: 44, reserved: 44 },
      { refunded: undefined, reserved: 0 },
      { refunded: undefined, reserved: null },
      { refunded: undefined, reserved: 44, code: "media_deleted" },
    ]) {
      expect(refundFollowUp(at(MIN), { completedAt: FAILED, ...input })).toEqual({ next_poll_at: null, refund_unconfirmed: 0 });
    }
  });
});
