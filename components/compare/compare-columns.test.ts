import { describe, expect, it } from "vitest";
import { formSpecs } from "@/lib/models/form-specs";
import { NOTHING_LEARNED } from "@/lib/schemas/learned-values";
import { columnSettings, compareColumns, type CompareSeed } from "./compare-columns";

const columnsFor = (seed: CompareSeed = {}) => compareColumns({ seed, forms: formSpecs(), learned: NOTHING_LEARNED });
const ids = (seed?: CompareSeed) => columnsFor(seed).map((column) => column.model.id);

describe("the Compare form's columns", () => {
  it("offer each model that takes a prompt alone once, in the catalogue's order", () => {
    expect(ids()).toEqual(["alpha-2.3", "beta-2.0", "epsilon-v6", "gamma-5-pro", "delta-image-2"]);
  });

  it("offer the workspace's model once, first, with its settings there (issue 45: Gamma 5 Pro showed twice)", () => {
    const seed = { prompt: "a lighthouse", model: "gamma-5-pro", settings: { quality: "high", aspect_ratio: "16:9" } };
    expect(ids(seed)).toEqual(["gamma-5-pro", "alpha-2.3", "beta-2.0", "epsilon-v6", "delta-image-2"]);
    const [gamma, ...others] = columnsFor(seed);
    expect(gamma!.fromGenerate).toBe(true);
    expect(others.every((column) => !column.fromGenerate)).toBe(true);
    expect(columnSettings(gamma!)).toEqual({ aspect_ratio: "16:9", quality: "high", output_format: "png", n: 1 });
    // The prompt is the comparison's, in every column's form, and never one of a column's settings.
    expect(gamma!.store.values.prompt).toBe("a lighthouse");
    expect(gamma!.shown.map((field) => field.name)).toEqual(["aspect_ratio", "quality", "output_format"]);
  });

  it("run a model with modes in its first mode, and draw its choices but not its optional inputs", () => {
    const epsilon = columnsFor().find((column) => column.model.id === "epsilon-v6")!;
    expect(epsilon.mode).toBe("text-to-video");
    expect(columnSettings(epsilon)).toMatchObject({ mode: "text-to-video", duration: 5, quality: "720p" });
    expect(epsilon.shown.some((field) => field.meta.group === "inputs")).toBe(false);
  });

  it("keep a model that needs an input only when the workspace brings it, with that input in its editor", () => {
    expect(ids()).not.toContain("alpha-2.3-fast");
    const seed = { model: "alpha-2.3-fast", settings: { image_url: "https://example.com/a.png", duration: 10 } };
    const [fast] = columnsFor(seed);
    expect(fast!.model.id).toBe("alpha-2.3-fast");
    expect(fast!.shown.map((field) => field.name)).toContain("image_url");
    expect(columnSettings(fast!)).toMatchObject({ image_url: "https://example.com/a.png", duration: 10 });
  });

  it("check a column with its model's schema, as the Generate form does", async () => {
    const [gamma] = columnsFor({ prompt: "ab", model: "gamma-5-pro" });
    let sent: unknown;
    await gamma!.store.submit(async (submitted) => {
      sent = submitted;
    });
    expect(sent).toBeUndefined();
    expect(gamma!.store.errors.prompt).toEqual({ message: "Use at least 3 characters" });
    gamma!.store.setValue("prompt", "a lighthouse");
    await gamma!.store.submit(async (submitted) => {
      sent = submitted;
    });
    expect(sent).toMatchObject({ request: { model: "gamma-5-pro", prompt: "a lighthouse", quality: "basic" } });
  });
});
