// Family D: delta-image-2, 1 to 4 images per task. The spec shows no default for size or quality and no
// field for the 1K/2K/4K choice, so Darkroom sends size and quality only when a person picks them, and
// no resolution field at all (the API's own default applies).
import { z } from "zod";
import { enumField, field, intRange, modelField, prompt, publicHttpsUrl, strictFields, urlList } from "./fields";

export const deltaSchema = strictFields("delta-image-2", {
  model: modelField("delta-image-2"),
  prompt: field(prompt(1, 5000), {
    label: "Prompt",
    help: "Describe the image, up to 5,000 characters.",
    widget: "prompt",
    order: 10,
    group: "basics",
  }),
  size: field(enumField(["1:1", "3:2", "2:3", "4:3", "3:4", "16:9", "9:16"]).optional(), {
    label: "Aspect ratio",
    widget: "select",
    order: 30,
    group: "output",
  }),
  quality: field(enumField(["medium", "high"]).optional(), { label: "Quality", widget: "segmented", order: 31, group: "output" }),
  n: field(intRange(1, 4, 1), { label: "Images", help: "How many images to make, 1 to 4.", widget: "number", order: 33, group: "output" }),
  image_urls: field(urlList(1, 16).optional(), {
    label: "Reference images",
    help: "Up to 16 public HTTPS image URLs; leave empty for text-to-image.",
    widget: "url-list",
    order: 20,
    group: "inputs",
  }),
  // Stored by the service and never called (it sends no events), but still held to the public URL rule.
  callback_url: field(publicHttpsUrl().optional(), {
    label: "Callback URL",
    help: "Accepted by the API but never called: Darkroom learns of completion by polling.",
    widget: "url",
    order: 43,
    group: "advanced",
  }),
});

export type DeltaRequest = z.output<typeof deltaSchema>;
