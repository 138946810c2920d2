import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/dates";
import { age } from "./task-format";

describe("age", () => {
  // Written by hand (a page's first Intl call is slow), it must say what Intl.RelativeTimeFormat says.
  const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const now = Date.parse("2026-11-26T20:08:41Z");
  const at = (offsetSeconds: number) => new Date(now + offsetSeconds * 1000).toISOString();

  it("says what Intl says, a second at a time either side of each unit's edges, and every 37 s out to 30 days", () => {
    const offsets = new Set<number>();
    for (const edge of [45, 90, 3600, 5400, 86_400, 1.5 * 86_400, 30 * 86_400]) for (let d = -2; d <= 2; d += 1) offsets.add(edge + d);
    for (let s = 0; s < 30 * 86_400; s += 37) offsets.add(s);
    for (const offset of offsets) {
      for (const seconds of [offset, -offset]) {
        const abs = Math.abs(seconds);
        const expected =
          abs < 45
            ? "just now"
            : abs < 3600
              ? relative.format(Math.round(seconds / 60), "minute")
              : abs < 86_400
                ? relative.format(Math.round(seconds / 3600), "hour")
                : abs < 30 * 86_400
                  ? relative.format(Math.round(seconds / 86_400), "day")
                  : formatDate(at(seconds));
        expect(age(at(seconds), now), `${seconds} s`).toBe(expected);
      }
    }
  });

  it("reads naturally", () => {
    expect(age(at(-3 * 60), now)).toBe("3 minutes ago");
    expect(age(at(-86_400), now)).toBe("yesterday");
    expect(age(at(2 * 3600), now)).toBe("in 2 hours");
  });
});
