// The one reckoning of when the upstream deletes an image's copy (lib/retention.ts), with the upstream's clock
// ahead of Darkroom's, behind it, and at the edges: exactly 48 hours left, already gone, an archived copy.
import { describe, expect, it } from "vitest";
import { EXPIRY_WARNING_MS, succeededBy, upstreamCopy, type CopyFacts } from "./retention";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Darkroom's clock.
const NOW = Date.parse("2026-11-26T12:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

/** A free-plan image that succeeded `ago` ms before NOW on Darkroom's clock, stamped by an upstream `skew` ms ahead. */
function image(ago: number, skew: number, patch: Partial<CopyFacts> = {}): CopyFacts {
  return {
    kind: "image",
    status: "succeeded",
    completed_at: iso(NOW - ago),
    upstream_updated_at: iso(NOW - ago + skew),
    media_deleted_at: null,
    archive_state: "none",
    ...patch,
  };
}
const free = (skewMs: number) => ({ plan: "free" as const, skewMs });

describe("upstreamCopy", () => {
  it("counts on the upstream's clock when it is ahead of Darkroom's by days", () => {
    // Stamped 5 days ago on an upstream clock that is 6 days ahead: upstream now is NOW + 6 d, its
    // deletion at NOW + 6 d - 5 d... i.e. the stamp (NOW + 1 d) plus 7 d = NOW + 8 d upstream, NOW + 2 d ours.
    const task = image(5 * DAY, 6 * DAY);
    expect(upstreamCopy(task, NOW, free(6 * DAY))).toEqual({
      expiresAt: iso(NOW + 2 * DAY),
      leftMs: 2 * DAY,
      state: "expiring",
      archived: false,
    });
    // The clock moved by 6 days after a success stamped when both agreed: 7 d - 6 d = 1 day left, 24 h.
    const before = image(0, 0);
    expect(upstreamCopy(before, NOW, free(6 * DAY))).toMatchObject({ expiresAt: iso(NOW + DAY), leftMs: DAY, state: "expiring" });
    // What Darkroom saw (completed_at) is not the count: the same task without the skew has 7 days.
    expect(upstreamCopy(before, NOW, free(0))).toMatchObject({ leftMs: 7 * DAY, state: "kept" });
  });

  it("counts on the upstream's clock when it is behind Darkroom's", () => {
    // The upstream runs 3 hours behind: a success it stamped 6 d 22 h ago on its clock has 2 h left.
    const task = image(6 * DAY + 22 * HOUR, -3 * HOUR);
    expect(upstreamCopy(task, NOW, free(-3 * HOUR))).toMatchObject({ expiresAt: iso(NOW + 2 * HOUR), leftMs: 2 * HOUR, state: "expiring" });
    // Stamped when both clocks agreed, and the upstream's is 2 days behind since: a copy Darkroom saw succeed
    // 8 days ago is 6 days old there, with a day left (by Darkroom's reading alone it would be gone).
    expect(upstreamCopy(image(8 * DAY, 0), NOW, free(-2 * DAY))).toMatchObject({
      expiresAt: iso(NOW + DAY),
      leftMs: DAY,
      state: "expiring",
    });
    expect(upstreamCopy(image(4 * DAY, 0), NOW, free(-2 * DAY))).toMatchObject({ leftMs: 5 * DAY, state: "kept" });
  });

  it("is expiring at exactly 48 hours left, kept a millisecond before, expired at 0", () => {
    const at = (left: number) => upstreamCopy(image(7 * DAY - left, 4 * HOUR), NOW, free(4 * HOUR));
    expect(at(EXPIRY_WARNING_MS)).toMatchObject({ leftMs: 48 * HOUR, state: "expiring" });
    expect(at(EXPIRY_WARNING_MS + 1)).toMatchObject({ state: "kept" });
    expect(at(1)).toMatchObject({ leftMs: 1, state: "expiring" });
    expect(at(0)).toMatchObject({ leftMs: 0, state: "expired" });
    expect(at(-HOUR)).toMatchObject({ leftMs: -HOUR, state: "expired", expiresAt: iso(NOW - HOUR) });
  });

  it("says whether the archive holds a copy, and has nothing to count when the upstream reported it deleted", () => {
    expect(upstreamCopy(image(6 * DAY, 0, { archive_state: "done" }), NOW, free(0))).toMatchObject({ state: "expiring", archived: true });
    expect(upstreamCopy(image(8 * DAY, 0, { archive_state: "failed" }), NOW, free(0))).toMatchObject({ state: "expired", archived: false });
    expect(upstreamCopy(image(8 * DAY, 0, { archive_state: "done", media_deleted_at: iso(NOW - DAY) }), NOW, free(0))).toBeNull();
  });

  it("falls back on when Darkroom saw the success, on its own clock, without the upstream's timestamp", () => {
    const task = image(6 * DAY, 0, { upstream_updated_at: null });
    // No stamp to move: the skew does not apply to Darkroom's own reading.
    expect(upstreamCopy(task, NOW, free(5 * DAY))).toMatchObject({ expiresAt: iso(NOW + DAY), state: "expiring" });
    expect(upstreamCopy(image(6 * DAY, 0, { upstream_updated_at: "not a time" }), NOW, free(0))).toMatchObject({ leftMs: DAY });
  });

  it("uses the plan's retention, and has none for videos or tasks that did not succeed", () => {
    expect(upstreamCopy(image(6 * DAY, 0), NOW, { plan: "paid", skewMs: 0 })).toMatchObject({ leftMs: 24 * DAY, state: "kept" });
    expect(upstreamCopy(image(6 * DAY, 0, { kind: "video" }), NOW, free(0))).toBeNull();
    expect(upstreamCopy(image(6 * DAY, 0, { status: "processing", completed_at: null }), NOW, free(0))).toBeNull();
    expect(upstreamCopy(image(6 * DAY, 0, { status: "failed" }), NOW, free(0))).toBeNull();
  });

  it("judges a view's reckoned moment against the caller's clock the same way", () => {
    const row = image(5 * DAY, 6 * DAY, { archive_state: "done" });
    const server = upstreamCopy(row, NOW, free(6 * DAY))!;
    const view = { expiresAt: server.expiresAt, archive: { state: "done" } };
    expect(upstreamCopy(view, NOW)).toEqual(server);
    expect(upstreamCopy(view, NOW + 2 * DAY)).toMatchObject({ state: "expired", leftMs: 0 });
    expect(upstreamCopy({ expiresAt: null, archive: { state: "none" } }, NOW)).toBeNull();
  });
});

describe("succeededBy", () => {
  it("bounds exactly the successes whose copy is gone by a moment, on both clocks", () => {
    for (const skew of [6 * DAY, 0, -3 * HOUR]) {
      const by = NOW + EXPIRY_WARNING_MS;
      const bounds = succeededBy(by, free(skew));
      // A stamp at the bound goes exactly at `by`; a millisecond later goes after it.
      const atBound = image(0, 0, { upstream_updated_at: bounds.upstream });
      expect(Date.parse(upstreamCopy(atBound, NOW, free(skew))!.expiresAt)).toBe(by);
      const seen = image(0, 0, { upstream_updated_at: null, completed_at: bounds.seen });
      expect(Date.parse(upstreamCopy(seen, NOW, free(skew))!.expiresAt)).toBe(by);
    }
  });
});
