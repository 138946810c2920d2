// Families G and D: every field, bound and enum of the spec and docs/emulator.md.
import { bad, choiceRows, edit, IMG, intRows, ok, PROMPT, promptRows, unknownRows, urlRows, type Body, type Row } from "./table";

const GAMMA: Body = { model: "gamma-5-pro", prompt: PROMPT };
const DELTA: Body = { model: "delta-image-2", prompt: PROMPT };
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.example.com/in/${i}.png`);

// docs/emulator.md: when present, image_urls holds 1 to `max` URLs; a size error blames the array.
const listRows = (label: string, base: Body, max: number): Row[] => [
  ok(`${label}: one reference image`, edit(base, { image_urls: urls(1) })),
  ok(`${label}: ${max} reference images`, edit(base, { image_urls: urls(max) })),
  bad(`${label}: no reference images`, edit(base, { image_urls: [] }), "image_urls"),
  bad(`${label}: ${max + 1} reference images`, edit(base, { image_urls: urls(max + 1) }), "image_urls"),
  bad(`${label}: image_urls a string`, edit(base, { image_urls: IMG }), "image_urls"),
  bad(`${label}: image_urls null`, edit(base, { image_urls: null }), "image_urls"),
];

export const imageRows: Row[] = [
  ok("gamma-5-pro: minimal body", GAMMA),
  ok("gamma-5-pro: every field", edit(GAMMA, { image_urls: urls(2), aspect_ratio: "21:9", quality: "high", output_format: "jpeg", n: 1 })),
  ...promptRows("gamma-5-pro", GAMMA, 3, 5000),
  ...unknownRows("gamma-5-pro", GAMMA),
  ...listRows("gamma-5-pro", GAMMA, 10),
  ...urlRows("gamma-5-pro image_urls item", (url) => edit(GAMMA, { image_urls: [...urls(3), url] }), "image_urls.3"),
  ...choiceRows(
    "gamma-5-pro",
    GAMMA,
    "aspect_ratio",
    ["1:1", "4:3", "3:4", "16:9", "9:16", "2:3", "3:2", "21:9"],
    ["adaptive", "1:2", null],
  ),
  ...choiceRows("gamma-5-pro", GAMMA, "quality", ["basic", "high"], ["medium", "HIGH", null]),
  ...choiceRows("gamma-5-pro", GAMMA, "output_format", ["png", "jpeg"], ["jpg", "webp", null]),
  ...choiceRows("gamma-5-pro", GAMMA, "n", [1], [2, 0, "1", 1.5, null]),

  ok("delta-image-2: minimal body", DELTA),
  ok(
    "delta-image-2: every field",
    edit(DELTA, {
      size: "16:9",
      quality: "high",
      n: 2,
      image_urls: urls(3),
      callback_url: "https://hooks.example.com/done",
    }),
  ),
  ...promptRows("delta-image-2", DELTA, 1, 5000),
  ...unknownRows("delta-image-2", DELTA),
  ...choiceRows("delta-image-2", DELTA, "size", ["1:1", "3:2", "2:3", "4:3", "3:4", "16:9", "9:16"], ["21:9", "1024x1024", null]),
  ...choiceRows("delta-image-2", DELTA, "quality", ["medium", "high"], ["low", "basic", null]),
  ...intRows("delta-image-2", DELTA, "n", 1, 4),
  ...listRows("delta-image-2", DELTA, 16),
  ...urlRows("delta-image-2 image_urls item", (url) => edit(DELTA, { image_urls: [url] }), "image_urls.0"),
  ...urlRows("delta-image-2 callback_url", (url) => edit(DELTA, { callback_url: url }), "callback_url"),
  // The field that selects 1K, 2K or 4K is not shown: Darkroom sends none (the API's default applies).
  ok("delta-image-2: 4 images, high quality", edit(DELTA, { n: 4, quality: "high" })),
];

// The model field itself, on both endpoints.
export const modelRows: Row[] = [
  bad("model missing (videos)", { prompt: PROMPT }, "model", "videos"),
  bad("model missing (images)", { prompt: PROMPT }, "model", "images"),
  bad("model null", { model: null, prompt: PROMPT }, "model", "videos"),
  bad("model a number", { model: 2.3, prompt: PROMPT }, "model", "videos"),
  bad("model unknown", { model: "alpha-3", prompt: PROMPT }, "model", "videos"),
  bad("model in another case", { model: "Gamma-5-Pro", prompt: PROMPT }, "model", "images"),
  bad("model constructor", { model: "constructor", prompt: PROMPT }, "model", "videos"),
  bad("model __proto__", { model: "__proto__", prompt: PROMPT }, "model", "images"),
];
