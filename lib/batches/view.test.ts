import { describe, expect, it } from "vitest";
import type { BatchCounts } from "@/lib/schemas/batches";
import { eta } from "./view";

const counts = (waiting: number, running: number): BatchCounts => ({ waiting, paused: 0, running, succeeded: 0, failed: 0, cancelled: 0 });
const NOW = Date.parse("2026-11-29T12:00:00Z");
const started = (minutesAgo: number) => ({ state: "running" as const, created_at: new Date(NOW - minutesAgo * 60_000).toISOString() });

describe("a batch's ETA", () => {
  it("is the rows still to go at the pace its rows ended over the last ten minutes", () => {
    // 20 rows ended in the last 10 minutes: 2 a minute, so 30 rows to go take 15 minutes.
    expect(eta(started(60), counts(25, 5), 20, NOW)).toBe(15 * 60_000);
  });

  it("reads a younger batch's pace over its own life", () => {
    // Started 2 minutes ago, 4 rows ended: 2 a minute, so 10 rows take 5 minutes.
    expect(eta(started(2), counts(10, 0), 4, NOW)).toBe(5 * 60_000);
  });

  it("is unknown before a row ended, while paused, and once nothing is left", () => {
    expect(eta(started(5), counts(10, 5), 0, NOW)).toBeNull();
    expect(eta({ ...started(5), state: "paused" }, counts(10, 0), 4, NOW)).toBeNull();
    expect(eta(started(5), counts(0, 0), 4, NOW)).toBeNull();
  });
});
