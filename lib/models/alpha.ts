// Family A: alpha-2.3 (text- or image-to-video) and alpha-2.3-fast (image-to-video only).
import { z } from "zod";
import { bool, enumField, field, modelField, prompt, publicHttpsUrl, strictFields } from "./fields";

/**
 * The contract names 720p in one form and 768p (the default) in another, and which one an account takes is
 * not shown: all three are offered, and leaving it empty sends no resolution (the API's own default).
 */
export const ALPHA_RESOLUTIONS = ["720p", "768p", "1080p"] as const;
export const ALPHA_1080P_SECONDS = 6;

const IMAGE_META = {
  label: "First frame",
  help: "Public HTTPS URL of the image the video starts from.",
  widget: "url",
  order: 20,
  group: "inputs",
} as const;

// One set of instances for both models: same bounds, same metadata.
const shared = {
  prompt: field(prompt(1, 5000), {
    label: "Prompt",
    help: "Describe the video, up to 5,000 characters.",
    widget: "prompt",
    order: 10,
    group: "basics",
  }),
  duration: field(enumField([6, 10], 6), { label: "Duration", widget: "segmented", order: 30, group: "output", unit: "s" }),
  resolution: field(enumField(ALPHA_RESOLUTIONS).optional(), {
    label: "Resolution",
    help: "1080p is available only for 6-second videos. The API accepts either 720p or 768p, depending on the account.",
    widget: "segmented",
    order: 31,
    group: "output",
  }),
  prompt_optimizer: field(bool(true), {
    label: "Optimise prompt",
    help: "Let the model expand the prompt before generating.",
    widget: "switch",
    order: 40,
    group: "advanced",
  }),
};

// The rule reads the parsed values, so an absent duration counts as its default of 6 s.
const only6sAt1080p = (value: { resolution?: string; duration: number }) =>
  value.resolution !== "1080p" || value.duration === ALPHA_1080P_SECONDS;
const only6sMessage = {
  path: ["resolution"],
  message: `1080p is only available at ${ALPHA_1080P_SECONDS} seconds: choose ${ALPHA_1080P_SECONDS} s or a lower resolution`,
};

export const alpha23Schema = strictFields("alpha-2.3", {
  model: modelField("alpha-2.3"),
  ...shared,
  // Absent for text-to-video, present for image-to-video: the one model covers both.
  image_url: field(publicHttpsUrl().optional(), { ...IMAGE_META, help: `${IMAGE_META.help} Leave empty for text-to-video.` }),
}).refine(only6sAt1080p, only6sMessage);

export const alpha23FastSchema = strictFields("alpha-2.3-fast", {
  model: modelField("alpha-2.3-fast"),
  ...shared,
  // Required in the shape (not a refinement) so the form marks it required and the output type has it.
  image_url: field(publicHttpsUrl("alpha-2.3-fast animates a first-frame image: add its URL"), IMAGE_META),
}).refine(only6sAt1080p, only6sMessage);

export type Alpha23Request = z.output<typeof alpha23Schema>;
export type Alpha23FastRequest = z.output<typeof alpha23FastSchema>;
