import { describe, expect, it } from "vitest";
import { promptStart, taskName } from "./task-name";

describe("a task's name in a sentence", () => {
  it("is its prompt's start and its model, never its id", () => {
    expect(taskName({ prompt: "a lighthouse at dawn", model: "gamma-5-pro", kind: "image" })).toBe("“a lighthouse at dawn” (Gamma 5 Pro)");
  });

  it("cuts a long prompt at a word, and one without spaces where it stands", () => {
    const long = "a lighthouse at dawn, waves breaking on the rocks below, gulls in the wind";
    expect(promptStart(long)).toBe("a lighthouse at dawn, waves breaking on the…");
    expect(promptStart("x".repeat(100))).toBe(`${"x".repeat(48)}…`);
    expect(promptStart("  two\n lines  ")).toBe("two lines");
  });

  it("falls back on the model and kind without a prompt", () => {
    expect(taskName({ prompt: null, model: "epsilon-v6", kind: "video" })).toBe("an Epsilon v6 video");
    expect(taskName({ prompt: " ", model: "gamma-5-pro", kind: "image" })).toBe("a Gamma 5 Pro image");
  });
});
