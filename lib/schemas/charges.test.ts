import { describe, expect, it } from "vitest";
import { defaultChoice } from "@/components/generate/default-model";
import { distinctCharges, pastCharge, type RecentCharge } from "./charges";

// A seeded generator: the same histories on every run.
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const MODELS = ["gamma-5-pro", "delta-image-2", "alpha-2.3"];
const MODES = [null, "text-to-video", "image-to-video"];
const SETTINGS = [{}, { n: 2 }, { quality: "high" }, { n: 2, quality: "high" }];

function history(next: () => number, length: number): RecentCharge[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length }, (_, i) => ({
    model: pick(MODELS),
    mode: pick(MODES),
    settings: pick(SETTINGS),
    credits: 1 + Math.floor(next() * 60),
    createdAt: new Date(Date.UTC(2026, 10, 28) - i * 60_000).toISOString(),
  }));
}

describe("the price history the pages send", () => {
  it("tells every request's past charge and the default model as the whole history does", () => {
    const next = random(28);
    for (let round = 0; round < 200; round += 1) {
      const charges = history(next, Math.floor(next() * 200));
      const distinct = distinctCharges(charges);
      for (const model of [...MODELS, "epsilon-v6"])
        for (const mode of [undefined, "text-to-video", "image-to-video"])
          for (const settings of [...SETTINGS, { n: 3 }])
            expect(pastCharge(distinct, { model, mode, settings }), JSON.stringify({ round, model, mode, settings })).toEqual(
              pastCharge(charges, { model, mode, settings }),
            );
      expect(defaultChoice(distinct)).toEqual(defaultChoice(charges));
      // Newest first, as they came.
      expect(distinct).toEqual(charges.filter((charge) => distinct.includes(charge)));
    }
  });

  it("keeps a few of a long history that repeats itself", () => {
    const same = (credits: number, i: number): RecentCharge => ({
      model: "gamma-5-pro",
      mode: null,
      settings: {},
      credits,
      createdAt: new Date(Date.UTC(2026, 10, 28) - i * 60_000).toISOString(),
    });
    const charges = Array.from({ length: 200 }, (_, i) => same(i === 150 ? 60 : i === 170 ? 20 : 44, i));
    expect(distinctCharges(charges).map((charge) => charge.credits)).toEqual([44, 60, 20]);
  });
});
