// Family G: gamma-5-pro, exactly one image per task from a prompt and optional reference images.
import { z } from "zod";
import { enumField, field, modelField, prompt, strictFields, typeError, urlList } from "./fields";

export const gammaSchema = strictFields("gamma-5-pro", {
  model: modelField("gamma-5-pro"),
  prompt: field(prompt(3, 5000), {
    label: "Prompt",
    help: "Describe the image, 3 to 5,000 characters.",
    widget: "prompt",
    order: 10,
    group: "basics",
  }),
  // Absent for text-to-image; docs/emulator.md: when present it holds 1 to 10 URLs.
  image_urls: field(urlList(1, 10).optional(), {
    label: "Reference images",
    help: "Up to 10 public HTTPS image URLs; leave empty for text-to-image.",
    widget: "url-list",
    order: 20,
    group: "inputs",
  }),
  aspect_ratio: field(enumField(["1:1", "4:3", "3:4", "16:9", "9:16", "2:3", "3:2", "21:9"], "1:1"), {
    label: "Aspect ratio",
    widget: "select",
    order: 30,
    group: "output",
  }),
  quality: field(enumField(["basic", "high"], "basic"), {
    label: "Quality",
    help: "High doubles the resolution at the same price.",
    widget: "segmented",
    order: 31,
    group: "output",
  }),
  output_format: field(enumField(["png", "jpeg"], "png"), { label: "Format", widget: "segmented", order: 32, group: "output" }),
  // The contract's n has one legal value; sending it (the default) keeps the upstream body explicit.
  n: field(z.literal(1, { error: typeError("1: gamma-5-pro makes exactly one image per task", undefined, true) }).default(1), {
    label: "Images",
    help: "gamma-5-pro makes exactly one image per task.",
    widget: "number",
    order: 33,
    group: "output",
  }),
});

export type GammaRequest = z.output<typeof gammaSchema>;
