// Unit tests of the catalogue: defaults, metadata, messages and client-safety. Agreement with the
// emulator, rule by rule, is agreement.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generationRequestSchema, getModel, isModelId, MODELS, modelIds, type CatalogueEntry } from "./catalogue";
import { fieldMeta } from "./fields";
import { formFields, objectSchema } from "./form";
import { issueFields } from "./issues";
import { urlPathExtension } from "./url-extension";
import { publicHttpsUrlProblem } from "./urls";

const IMG = "https://cdn.example.com/a.png";
const P = "a quiet harbour at dawn";

function parse(body: unknown) {
  const result = generationRequestSchema.safeParse(body);
  return result.success ? { data: result.data, fields: {} } : { data: undefined, fields: issueFields(result.error.issues) };
}

describe("defaults", () => {
  it.each([
    [
      // No resolution: which of 720p or 768p the API takes (and defaults to) is not shown.
      { model: "alpha-2.3", prompt: P },
      { duration: 6, prompt_optimizer: true },
    ],
    [
      { model: "alpha-2.3-fast", prompt: P, image_url: IMG },
      { duration: 6, prompt_optimizer: true },
    ],
    [
      { model: "beta-2.0", mode: "text-to-video", prompt: P },
      { duration: 5, resolution: "720p", aspect_ratio: "16:9", generate_audio: true, web_search: false },
    ],
    [
      { model: "beta-2.0", mode: "image-to-video", prompt: P, image_url: IMG },
      { duration: 5, resolution: "720p", aspect_ratio: "16:9", generate_audio: true },
    ],
    [
      { model: "epsilon-v6", mode: "text-to-video", prompt: P },
      { duration: 5, quality: "720p", generate_audio: false, generate_multi_clip: false },
    ],
    [
      { model: "epsilon-v6", mode: "image-to-video", prompt: P, image_urls: [IMG] },
      { duration: 5, quality: "720p", generate_audio: false, generate_multi_clip: false },
    ],
    [
      { model: "epsilon-v6", mode: "transition", prompt: P, first_frame_image_url: IMG, last_frame_image_url: IMG },
      { duration: 5, quality: "720p", generate_audio: false },
    ],
    [
      { model: "epsilon-v6", mode: "reference-to-video", prompt: P, image_references: [{ image_url: IMG, type: "subject" }] },
      { duration: 5, quality: "720p", generate_audio: false },
    ],
    [
      { model: "epsilon-v6", mode: "extend", prompt: P, parent_task_id: "task_1" },
      { duration: 5, quality: "720p", generate_audio: false },
    ],
    [
      { model: "gamma-5-pro", prompt: P },
      { aspect_ratio: "1:1", quality: "basic", output_format: "png", n: 1 },
    ],
    [
      // Size and quality have no default in the spec, and no resolution field is shown: none is invented.
      { model: "delta-image-2", prompt: P },
      { n: 1 },
    ],
  ])("fills the defaults of %j", (body, defaults) => {
    expect(parse(body).data).toStrictEqual({ ...body, ...defaults });
  });

  it("keeps what was sent over a default", () => {
    expect(parse({ model: "delta-image-2", prompt: P, n: 3, quality: "high" }).data).toMatchObject({ n: 3, quality: "high" });
  });
});

// Every object the form lays out: each model in each mode, and an image reference.
const objects = MODELS.flatMap((entry: CatalogueEntry) =>
  ("modes" in entry ? entry.modes.map((mode) => mode.value) : [undefined]).map((mode) => {
    const object = objectSchema(entry, mode);
    if (object === undefined) throw new Error(`${entry.id} has no schema for mode ${mode}`);
    return { name: `${entry.id}${mode ? ` ${mode}` : ""}`, object };
  }),
);

describe("metadata", () => {
  it.each(objects)("labels every field of $name", ({ object }) => {
    for (const [name, schema] of Object.entries(object.shape)) {
      const meta = fieldMeta.get(schema as z.ZodType);
      expect(meta, name).toMatchObject({ label: expect.any(String), widget: expect.any(String), order: expect.any(Number) });
    }
  });

  it("labels every field of an image reference", () => {
    const references = objectSchema(getModel("epsilon-v6"), "reference-to-video")?.shape.image_references;
    expect(references).toBeInstanceOf(z.ZodArray);
    const item = (references as z.ZodArray).element as z.ZodObject;
    expect(formFields(item).map((f) => [f.name, f.meta.widget])).toEqual([
      ["image_url", "url"],
      ["type", "segmented"],
      ["ref_name", "text"],
    ]);
  });

  it("gives the form choices, defaults, bounds and required fields", () => {
    const fields = formFields(objectSchema(getModel("beta-2.0"), "image-to-video") as z.ZodObject);
    expect(fields.map((f) => f.name)).toEqual([
      "model",
      "mode",
      "prompt",
      "image_url",
      "last_frame_url",
      "duration",
      "resolution",
      "aspect_ratio",
      "generate_audio",
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.duration).toMatchObject({ required: false, defaultValue: 5, min: 4, max: 15, meta: { widget: "slider", unit: "s" } });
    expect(byName.resolution).toMatchObject({ defaultValue: "720p", options: ["480p", "720p", "1080p"] });
    expect(byName.image_url).toMatchObject({ required: true });
    expect(byName.last_frame_url).toMatchObject({ required: false });
    expect(byName.last_frame_url?.defaultValue).toBeUndefined();
  });
});

describe("catalogue", () => {
  it("lists each model once, with its endpoint matching its kind", () => {
    expect(new Set(modelIds).size).toBe(MODELS.length);
    for (const entry of MODELS) expect(entry.endpoint).toBe(entry.kind === "video" ? "videos" : "images");
    expect(isModelId("gamma-5-pro")).toBe(true);
    expect(isModelId("constructor")).toBe(false);
    expect(getModel("nope")).toBeUndefined();
  });

  it("names exactly the modes the schema discriminates on", () => {
    for (const entry of MODELS) {
      if (!("modes" in entry)) continue;
      for (const mode of entry.modes) expect(objectSchema(entry, mode.value), `${entry.id} ${mode.value}`).toBeDefined();
      expect((entry.schema as z.ZodDiscriminatedUnion).options).toHaveLength(entry.modes.length);
    }
  });
});

describe("messages", () => {
  it.each([
    [{ model: "alpha-2.3", prompt: P, resolution: "1080p", duration: 10 }, "resolution", /only available at 6 seconds/],
    [{ model: "alpha-2.3-fast", prompt: P }, "image_url", /first-frame image/],
    [
      { model: "beta-2.0", mode: "image-to-video", prompt: P, image_url: IMG, web_search: true },
      "web_search",
      /Not a field of beta-2.0 in image-to-video mode/,
    ],
    [{ model: "epsilon-v6", mode: "extend", prompt: P }, "video_url", /exactly one of a video URL or a parent task: add one/],
    [
      { model: "epsilon-v6", mode: "extend", prompt: P, video_url: IMG, parent_task_id: "task_1" },
      "parent_task_id",
      /exactly one of a video URL or a parent task, not both/,
    ],
    [
      {
        model: "epsilon-v6",
        mode: "reference-to-video",
        prompt: P,
        image_references: [
          { image_url: IMG, type: "subject", ref_name: "a" },
          { image_url: IMG, type: "background", ref_name: "a" },
        ],
      },
      "image_references.1.ref_name",
      /@a already names another reference/,
    ],
    [
      { model: "epsilon-v6", mode: "image-to-video", prompt: P, image_urls: ["https://cdn.example.com/a.gif"] },
      "image_urls.0",
      /JPG, PNG or WebP.*\.gif/,
    ],
    [{ model: "gamma-5-pro", prompt: P, n: 2 }, "n", /exactly one image/],
    [{ model: "delta-image-2", prompt: P, n: "2" }, "n", /JSON number, not a string/],
    [{ model: "delta-image-2", prompt: "\u{1F600}".repeat(2501) }, "prompt", /at most 5,000 characters \(this has 5,002\)/],
    [
      { model: "gamma-5-pro", prompt: P, image_urls: ["http://cdn.example.com/a.png"] },
      "image_urls.0",
      /public HTTPS URL, but it does not start with https:\/\//,
    ],
    [{ model: "beta-2.0", prompt: P }, "mode", /Choose a mode: text-to-video or image-to-video/],
    [{ model: "gamma-5-pro", prompt: P, seed: null }, "seed", /Not a field of gamma-5-pro/],
  ])("%j blames %s", (body, field, message) => {
    expect(parse(body).fields).toHaveProperty([field], expect.stringMatching(message));
  });

  it("names each unknown key, including inherited names", () => {
    const fields = parse(JSON.parse('{"model":"gamma-5-pro","prompt":"abc","__proto__":1,"constructor":2}')).fields;
    expect(Object.keys(fields).sort()).toEqual(["__proto__", "constructor"]);
  });
});

describe("public HTTPS URL rule", () => {
  it.each([
    ["https://cdn.example.com/a.png", null],
    ["https://cdn.example.com./a.png", null],
    ["http://cdn.example.com/a.png", "it does not start with https://"],
    ["https://0x7f.1/a.png", "its host is an IP address, not a host name"],
    ["https://[::1]/a.png", "its host is an IP address, not a host name"],
    ["https://@cdn.example.com/a.png", "it contains a user name or password"],
    ["https://Printer.LOCAL/a.png", "its host is a local name (localhost, .localhost, .local or .internal)"],
    ["https://intranet/a.png", "its host name has no dot, so it is not a public domain name"],
  ])("%s", (url, problem) => {
    expect(publicHttpsUrlProblem(url)).toBe(problem);
  });

  it("takes any public HTTPS URL whose path does not name another media format (the API judges the content)", () => {
    const script = "https://images.example.com/img.php?id=3";
    expect(parse({ model: "epsilon-v6", mode: "image-to-video", prompt: P, image_urls: [script] }).fields).toEqual({});
    expect(parse({ model: "alpha-2.3-fast", prompt: P, image_url: script }).fields).toEqual({});
    expect(parse({ model: "gamma-5-pro", prompt: P, image_urls: [script, "https://cdn.example.com/render"] }).fields).toEqual({});
  });

  it("says extend needs exactly one of a video URL or a parent task", () => {
    expect(parse({ model: "epsilon-v6", mode: "extend", prompt: P }).fields).toEqual({
      video_url: expect.stringMatching(/exactly one of a video URL or a parent task/),
    });
  });

  it("makes an image reference without a type a subject", () => {
    const parsed = parse({ model: "epsilon-v6", mode: "reference-to-video", prompt: P, image_references: [{ image_url: IMG }] });
    expect(parsed.data).toMatchObject({ image_references: [{ image_url: IMG, type: "subject" }] });
  });

  it("reads a path's extension, not the query's", () => {
    expect([
      urlPathExtension("https://a.com/x.PNG?f=gif"),
      urlPathExtension("https://a.com/.png"),
      urlPathExtension("https://a.com/x"),
    ]).toEqual(["png", null, null]);
  });
});

describe("client-safety", () => {
  it("imports nothing but zod and its own modules outside tests", () => {
    const dir = new URL(".", import.meta.url);
    const sources = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const imports = [...readFileSync(new URL(file, dir), "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
      for (const name of imports) expect(name, `${file} imports ${name}`).toMatch(/^(zod|\.\.?\/[\w./-]+)$/);
      for (const name of imports) expect(name, `${file} imports ${name}`).not.toMatch(/emulator/);
    }
  });
});
