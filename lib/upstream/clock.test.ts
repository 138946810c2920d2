// The upstream's clock as its Date headers tell it: whole seconds, so small differences are noise.
import { afterEach, describe, expect, it } from "vitest";
import { observeUpstreamDate, upstreamSkewMs } from "./clock";

const NOW = Date.parse("2030-01-01T00:00:00.000Z");
const DAY_MS = 24 * 3600 * 1000;
const header = (at: number) => new Date(at).toUTCString();

describe("upstream clock", () => {
  afterEach(() => observeUpstreamDate(header(NOW), NOW));

  it("reads an answer within the header's rounding as the same clock", () => {
    observeUpstreamDate(header(NOW - 999), NOW + 600);
    expect(upstreamSkewMs()).toBe(0);
  });

  it("records a clock days ahead, and keeps it while later answers differ only by rounding", () => {
    observeUpstreamDate(header(NOW + 6 * DAY_MS), NOW);
    expect(upstreamSkewMs()).toBe(6 * DAY_MS);
    observeUpstreamDate(header(NOW + 6 * DAY_MS + 5_000), NOW + 5_900);
    expect(upstreamSkewMs()).toBe(6 * DAY_MS);
    observeUpstreamDate(header(NOW + 7 * DAY_MS), NOW);
    expect(upstreamSkewMs()).toBe(7 * DAY_MS);
  });

  it("returns to the same clock once the upstream agrees again, and ignores a missing or broken header", () => {
    observeUpstreamDate(header(NOW - 3_600_000), NOW);
    expect(upstreamSkewMs()).toBe(-3_600_000);
    observeUpstreamDate(null, NOW);
    observeUpstreamDate("yesterday", NOW);
    expect(upstreamSkewMs()).toBe(-3_600_000);
    observeUpstreamDate(header(NOW + 1_000), NOW + 1_400);
    expect(upstreamSkewMs()).toBe(0);
  });
});
