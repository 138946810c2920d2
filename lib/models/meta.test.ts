import { describe, expect, it } from "vitest";
import { getModel, MODELS } from "./catalogue";
import { objectSchema } from "./form";
import { MODEL_CAPABILITIES } from "./capabilities";
import { modelLabel } from "./labels";
import { getModelMeta, MODEL_META } from "./meta";

// lib/models/meta.ts is written by hand so read-only pages carry no zod; these check it against the schemas.
describe("the zod-free catalogue", () => {
  it("lists the schemas' models, in the same order", () => {
    expect(MODELS.map((model) => model.id)).toEqual(MODEL_META.map((model) => model.id));
    for (const model of MODELS) {
      const probe = model.schema.safeParse({ model: model.id });
      // Whatever else is missing, `model` itself is never the problem.
      expect(probe.success ? [] : probe.error.issues.filter((issue) => issue.path[0] === "model")).toEqual([]);
    }
  });

  it("names every mode a schema has, and no other", () => {
    for (const model of MODELS) {
      const meta = getModelMeta(model.id);
      const modes = "modes" in meta ? meta.modes.map((mode) => mode.value) : [];
      const schemaModes = modes.filter((mode) => objectSchema(model, mode) !== undefined);
      expect(schemaModes).toEqual(modes);
      const union = model.schema as { options?: unknown[] };
      expect(union.options?.length ?? 0).toBe(modes.length);
    }
  });

  it("says promptOnly exactly when the schema accepts a prompt alone (in the first mode)", () => {
    for (const meta of MODEL_META) {
      const mode = "modes" in meta ? { mode: meta.modes[0].value } : {};
      const accepted = getModel(meta.id).schema.safeParse({ model: meta.id, prompt: "A lighthouse at dusk", ...mode }).success;
      expect({ id: meta.id, promptOnly: meta.promptOnly }).toEqual({ id: meta.id, promptOnly: accepted });
    }
  });

  it("says a model is extendable exactly when it has an extend mode taking a parent task", () => {
    for (const model of MODELS) {
      const meta = getModelMeta(model.id);
      const extend = "modes" in meta && meta.modes.some((mode) => mode.value === "extend");
      const takesParent = extend && "parent_task_id" in (objectSchema(model, "extend")?.shape ?? {});
      expect({ id: model.id, extendable: MODEL_CAPABILITIES[model.id].extendable }).toEqual({ id: model.id, extendable: takesParent });
    }
  });

  it("labels known models and leaves an unknown id as it is", () => {
    expect(modelLabel("delta-image-2")).toBe("Delta Image 2");
    expect(modelLabel("retired-model")).toBe("retired-model");
  });
});
