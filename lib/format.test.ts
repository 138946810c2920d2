import { describe, expect, it } from "vitest";
import { formatNumber, plural } from "./format";

const intl = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

describe("formatNumber", () => {
  it("writes what Intl's en-US writes, with at most two decimals", () => {
    for (const value of [
      0,
      -0,
      1,
      12,
      1250,
      1_000_000,
      0.5,
      0.125,
      1.005,
      2.675,
      999.995,
      999_999.995,
      -1.125,
      -0.001,
      1e-7,
      0.1 + 0.2,
      1e20,
      2e21,
      NaN,
      Infinity,
    ]) {
      expect(formatNumber(value), String(value)).toBe(intl(value));
    }
  });

  it("agrees with Intl on 20,000 numbers of every size (a fixed sequence, the same each run)", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 20_000; i += 1) {
      const value = (next() - 0.5) * 10 ** (next() * 24 - 8);
      const rounded = i % 2 ? Math.round(value * 1000) / 1000 : value;
      expect(formatNumber(rounded), String(rounded)).toBe(intl(rounded));
    }
  });

  it("counts nouns", () => {
    expect(plural(1, "credit")).toBe("1 credit");
    expect(plural(1250, "credit")).toBe("1,250 credits");
  });
});
