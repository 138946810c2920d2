import { describe, expect, it } from "vitest";
import { resultOffers } from "./capabilities";

// Which actions a result offers, by what its model made and can continue (issue 45: image and Alpha tasks said
// "extend it" though neither can be extended).
describe("what can be made from a result", () => {
  it("reuses an image as an input or a first frame, and never extends it", () => {
    for (const model of ["gamma-5-pro", "delta-image-2"]) {
      expect(resultOffers({ model, kind: "image" })).toEqual({ useAsInput: true, animate: true, extend: false, lastFrame: false });
    }
  });

  it("extends only the videos of a model with an extend mode; every video gives its last frame", () => {
    expect(resultOffers({ model: "epsilon-v6", kind: "video" })).toEqual({
      useAsInput: false,
      animate: false,
      extend: true,
      lastFrame: true,
    });
    for (const model of ["alpha-2.3", "alpha-2.3-fast", "beta-2.0"]) {
      expect(resultOffers({ model, kind: "video" })).toEqual({ useAsInput: false, animate: false, extend: false, lastFrame: true });
    }
  });

  it("offers no extension for a model the catalogue no longer knows", () => {
    expect(resultOffers({ model: "retired-video", kind: "video" }).extend).toBe(false);
    expect(resultOffers({ model: "retired-image", kind: "image" }).useAsInput).toBe(true);
  });
});
