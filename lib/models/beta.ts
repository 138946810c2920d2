// Family B: beta-2.0, a discriminated union on `mode`. A field of the other mode is an unknown field
// there (docs/emulator.md, Requests: web_search in image-to-video is refused like a typo), which strict objects give us.
import { z } from "zod";
import { bool, choiceError, enumField, field, intRange, modeField, modelField, prompt, publicHttpsUrl, strictFields } from "./fields";
import { betaModes } from "./meta";

const common = {
  prompt: field(prompt(3, 20000), {
    label: "Prompt",
    help: "Describe the video, 3 to 20,000 characters.",
    widget: "prompt",
    order: 10,
    group: "basics",
  }),
  duration: field(intRange(4, 15, 5), { label: "Duration", widget: "slider", order: 30, group: "output", unit: "s" }),
  resolution: field(enumField(["480p", "720p", "1080p"], "720p"), { label: "Resolution", widget: "segmented", order: 31, group: "output" }),
  aspect_ratio: field(enumField(["1:1", "4:3", "3:4", "16:9", "9:16", "21:9", "adaptive"], "16:9"), {
    label: "Aspect ratio",
    help: "Adaptive lets the model choose.",
    widget: "select",
    order: 32,
    group: "output",
  }),
  generate_audio: field(bool(true), {
    label: "Audio",
    help: "Generate a native soundtrack.",
    widget: "switch",
    order: 40,
    group: "advanced",
  }),
};

const textToVideo = strictFields("beta-2.0 in text-to-video mode", {
  model: modelField("beta-2.0"),
  mode: modeField("text-to-video"),
  ...common,
  web_search: field(bool(false), {
    label: "Web search",
    help: "Let the model look up what the prompt mentions.",
    widget: "switch",
    order: 41,
    group: "advanced",
  }),
});

const imageToVideo = strictFields("beta-2.0 in image-to-video mode", {
  model: modelField("beta-2.0"),
  mode: modeField("image-to-video"),
  ...common,
  image_url: field(publicHttpsUrl("image-to-video needs the first-frame image: add its URL"), {
    label: "First frame",
    help: "Public HTTPS URL of the image the video starts from.",
    widget: "url",
    order: 20,
    group: "inputs",
  }),
  last_frame_url: field(publicHttpsUrl().optional(), {
    label: "Last frame",
    help: "Optional public HTTPS URL of the image the video ends on.",
    widget: "url",
    order: 21,
    group: "inputs",
  }),
});

export const betaSchema = z.discriminatedUnion("mode", [textToVideo, imageToVideo], {
  error: choiceError(
    "mode",
    betaModes.map((m) => m.value),
  ),
});

export type BetaRequest = z.output<typeof betaSchema>;
