import { describe, expect, it } from "vitest";
import { getModel, MODELS } from "./catalogue";
import { loadModel } from "./load";

describe("loading a model's schema on demand", () => {
  it("gives the catalogue's entry, with the same schema instance the server validates with", async () => {
    const entry = await loadModel("beta-2.0");
    expect(entry).toEqual(getModel("beta-2.0"));
    expect(entry.schema).toBe(getModel("beta-2.0").schema);
  });

  it("loads each model once and keeps it", async () => {
    const [first, second] = await Promise.all([loadModel("delta-image-2"), loadModel("delta-image-2")]);
    expect(second).toBe(first);
    expect(await loadModel("delta-image-2")).toBe(first);
  });

  it("refuses an unknown model, and loads every known one", async () => {
    await expect(loadModel("retired-model")).rejects.toThrow("Unknown model retired-model");
    for (const { id } of MODELS) expect((await loadModel(id)).schema).toBe(getModel(id)?.schema);
  });
});
