// The Generate form's check (check-request.ts) over the server's field specs (lib/models/form-specs.ts): the
// model's schema judges the request, the form's own rules judge runs, endpoint and mentions, and the problems
// come back shaped like the form, where its fields read them (error-tree.ts).
import { describe, expect, it } from "vitest";
import { formSpecs } from "@/lib/models/form-specs";
import { NOTHING_LEARNED } from "@/lib/schemas/learned-values";
import { checkRequest } from "./check-request";
import { errorAt } from "./error-tree";
import { fieldsOf } from "./forms-context";
import { initialValues } from "./form-values";
import { ASPECT_RATIO_REQUIRED, learnedForms } from "./learned-fields";

function form(model: string, mode?: string, learned = NOTHING_LEARNED) {
  const fields = fieldsOf(learnedForms(formSpecs(), learned), model, mode)!;
  const check = (values: Record<string, unknown>) =>
    checkRequest({ ...initialValues(fields), runs: 1, endpoint: "v1", ...values }, { model, mode, fields, learned });
  return { fields, check };
}

describe("the field specs the server sends", () => {
  it("cover every model in every mode, as plain data", () => {
    const specs = formSpecs();
    expect(specs.map((spec) => `${spec.model}${spec.mode ? `/${spec.mode}` : ""}`)).toContain("epsilon-v6/reference-to-video");
    expect(new Set(specs.map((spec) => spec.model)).size).toBe(6);
    expect(JSON.parse(JSON.stringify(specs))).toEqual(specs);
  });

  it("carry the prompt's bounds and a list's, read off the schema", () => {
    const { fields } = form("gamma-5-pro");
    expect(fields.find((field) => field.name === "prompt")).toMatchObject({ minLength: 3, maxLength: 5000, required: true });
    expect(fields.find((field) => field.name === "image_urls")).toMatchObject({ minLength: 1, maxLength: 10, required: false });
  });
});

describe("checking the form", () => {
  it("makes the request, with the schema's defaults, from valid values", async () => {
    const checked = await form("gamma-5-pro").check({ prompt: "a heron at dawn", runs: 2 });
    expect(checked).toEqual({
      ok: true,
      submitted: {
        request: expect.objectContaining({ model: "gamma-5-pro", prompt: "a heron at dawn", aspect_ratio: "1:1", n: 1 }),
        runs: 2,
        endpoint: "v1",
      },
    });
  });

  it("puts each problem on its field, a list row's on the row", async () => {
    const checked = await form("gamma-5-pro").check({ prompt: "", image_urls: ["https://example.com/a.png", "http://example.com/b.png"] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(errorAt(checked.errors, "prompt")).toBe("Write a prompt");
    expect(errorAt(checked.errors, "image_urls", 1)).toMatch(/^Must be a public HTTPS URL/);
    expect(errorAt(checked.errors, "image_urls", 0)).toBeUndefined();
  });

  it("judges rules across fields with the schema (alpha: 1080p only at 6 s)", async () => {
    const checked = await form("alpha-2.3").check({ prompt: "a heron at dawn", resolution: "1080p", duration: 10 });
    expect(!checked.ok && errorAt(checked.errors, "resolution")).toMatch(/^1080p is only available at 6 seconds/);
  });

  it("checks the form's own fields: runs, the legacy endpoint, and @names", async () => {
    const runs = await form("gamma-5-pro").check({ prompt: "a heron at dawn", runs: 0 });
    expect(!runs.ok && errorAt(runs.errors, "runs")).toBe("Runs is a whole number from 1 to 10");
    const legacy = await form("gamma-5-pro").check({ prompt: "a heron at dawn", endpoint: "legacy" });
    expect(!legacy.ok && errorAt(legacy.errors, "endpoint")).toMatch(/legacy endpoint creates alpha-2.3 videos only/);
    const mention = await form("epsilon-v6", "reference-to-video").check({
      prompt: "@cat walks",
      image_references: [{ image_url: "https://example.com/a.png", ref_name: "dog", type: "subject" }],
    });
    expect(!mention.ok && errorAt(mention.errors, "prompt")).toMatch(/@cat/);
  });

  it("follows what the API taught: a required aspect ratio must be chosen", async () => {
    const learned = { ...NOTHING_LEARNED, aspectRatioRequired: true };
    const { fields, check } = form("epsilon-v6", "text-to-video", learned);
    expect(fields.find((field) => field.name === "aspect_ratio")?.required).toBe(true);
    const checked = await check({ prompt: "a heron at dawn" });
    expect(!checked.ok && errorAt(checked.errors, "aspect_ratio")).toBe(ASPECT_RATIO_REQUIRED);
  });
});
