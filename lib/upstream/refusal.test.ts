// The forms of a 422 the refusal reader accepts beyond the emulator's own (its messages and dotted paths are
// covered over HTTP in lib/tasks/refused-values.test.ts): bracketed paths, lists in other words, odd bodies.
import { describe, expect, it } from "vitest";
import type { UpstreamFailure } from "./outcome";
import { acceptedInMessage, openValuesOf, readRefusal } from "./refusal";

const failure = (field: string | undefined, message = "The generation service rejected the request."): UpstreamFailure => ({
  ok: false,
  kind: "invalid_request",
  status: 422,
  message,
  retryable: false,
  ...(field ? { field } : {}),
});
const REFERENCES = JSON.stringify({
  model: "epsilon-v6",
  mode: "reference-to-video",
  prompt: "two cats",
  image_references: [
    { image_url: "https://cdn.example.com/a.png", type: "subject" },
    { image_url: "https://cdn.example.com/b.png", type: "background" },
  ],
});

describe("reading a 422 about a value the spec leaves open", () => {
  it("reads the accepted values a message lists, and nothing from prose", () => {
    expect(acceptedInMessage("image_references[1].type must be one of subject, character, style.")).toEqual([
      "subject",
      "character",
      "style",
    ]);
    expect(acceptedInMessage("The generation service rejected the request. type must be subject or style (field: type)")).toEqual([
      "subject",
      "style",
    ]);
    expect(acceptedInMessage("type must be a string")).toBeNull();
    expect(acceptedInMessage("type is not allowed here")).toBeNull();
    expect(acceptedInMessage(undefined)).toBeNull();
  });

  it("blames the type of the reference the field points at, dotted or bracketed", () => {
    for (const field of ["image_references.1.type", "image_references[1].type"]) {
      expect(readRefusal("epsilon-v6", REFERENCES, failure(field))).toEqual({
        kind: "reference_type",
        refused: ["background"],
        accepted: null,
      });
    }
    // With a list of what it takes, every sent type outside it is refused.
    const listed = failure("image_references[0].type", "image_references[0].type must be character or style");
    expect(readRefusal("epsilon-v6", REFERENCES, listed)).toEqual({
      kind: "reference_type",
      refused: ["subject", "background"],
      accepted: ["character", "style"],
    });
    // A list holding the refused value itself is not believed.
    const odd = failure("image_references.1.type", "image_references.1.type must be subject or background");
    expect(readRefusal("epsilon-v6", REFERENCES, odd)).toEqual({ kind: "reference_type", refused: ["background"], accepted: null });
  });

  it("learns nothing without a field, from another status, another model, or a body that is not JSON", () => {
    expect(readRefusal("epsilon-v6", REFERENCES, failure(undefined))).toBeUndefined();
    expect(readRefusal("epsilon-v6", REFERENCES, { ...failure("image_references.1.type"), status: 400 })).toBeUndefined();
    expect(readRefusal("beta-2.0", REFERENCES, failure("image_references.1.type"))).toBeUndefined();
    expect(readRefusal("epsilon-v6", "{not json", failure("aspect_ratio"))).toBeUndefined();
    expect(readRefusal("epsilon-v6", REFERENCES, failure("image_references"))).toBeUndefined();
    // aspect_ratio in image mode is not an open point: the spec rejects it there.
    expect(readRefusal("epsilon-v6", JSON.stringify({ mode: "image-to-video" }), failure("aspect_ratio"))).toBeUndefined();
  });

  it("names the open values a request carried, for a 422 that names no field", () => {
    expect(openValuesOf("epsilon-v6", REFERENCES)).toBe("no aspect_ratio (left to the API); reference types subject, background");
    expect(openValuesOf("alpha-2.3", JSON.stringify({ resolution: "768p" }))).toBe("resolution 768p");
    expect(openValuesOf("gamma-5-pro", JSON.stringify({ prompt: "a kite" }))).toBeUndefined();
  });
});
