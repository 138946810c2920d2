import { describe, expect, it } from "vitest";
import { resultOffers } from "@/lib/models/capabilities";
import { nothingMadeYet } from "./lineage-words";

const hint = (model: string, kind: "image" | "video", canMake = true) => nothingMadeYet(resultOffers({ model, kind }), { canMake });

describe("the hint under 'Made from this one'", () => {
  it("offers an image's reuse, never an extension", () => {
    expect(hint("gamma-5-pro", "image")).toBe("Nothing yet: use a result as an input, or animate it.");
  });

  it("offers extending only a video whose model extends", () => {
    expect(hint("epsilon-v6", "video")).toBe("Nothing yet: extend it, or use its last frame as an input.");
    expect(hint("alpha-2.3", "video")).toBe("Nothing yet: use its last frame as an input.");
  });

  it("offers nothing to someone who may not make anything", () => {
    expect(hint("gamma-5-pro", "image", false)).toBe("Nothing yet.");
  });
});
