// Family E: epsilon-v6, a discriminated union over its five modes. Each mode is a strict object holding
// only the fields that mode takes, so a field of another mode is refused by name (docs/emulator.md, Requests).
import { z } from "zod";
import {
  bool,
  choiceError,
  enumField,
  field,
  imageUrl,
  intRange,
  modeField,
  modelField,
  prompt,
  publicHttpsUrl,
  strictFields,
  typeError,
  urlList,
} from "./fields";
import { epsilonModes } from "./meta";

type Mode = (typeof epsilonModes)[number]["value"];

export const EPSILON_MAX_SEED = 2147483647;
const REF_NAME = /^[A-Za-z0-9_-]{1,32}$/;
// Public task ids carry this prefix and provider-side ids never do; ownership is the server's to check.
const TASK_ID_PREFIX = "task_";

const common = {
  prompt: field(prompt(3, 5000), {
    label: "Prompt",
    help: "Describe the video, 3 to 5,000 characters.",
    widget: "prompt",
    order: 10,
    group: "basics",
  }),
  duration: field(intRange(1, 15, 5), { label: "Duration", widget: "slider", order: 30, group: "output", unit: "s" }),
  quality: field(enumField(["360p", "540p", "720p", "1080p"], "720p"), {
    label: "Quality",
    widget: "segmented",
    order: 31,
    group: "output",
  }),
  generate_audio: field(bool(false), {
    label: "Audio",
    help: "Generate a native soundtrack.",
    widget: "switch",
    order: 40,
    group: "advanced",
  }),
  seed: field(intRange(0, EPSILON_MAX_SEED).optional(), {
    label: "Seed",
    help: "Repeat a seed to get a similar result.",
    widget: "number",
    order: 42,
    group: "advanced",
  }),
};

// Only in text and reference modes. The spec gives no default and leaves open whether those modes require
// it: absent unless chosen ("API default"); an API that requires it teaches the form so (docs/engine.md).
const aspectRatio = field(enumField(["16:9", "4:3", "1:1", "3:4", "9:16", "2:3", "3:2", "21:9"]).optional(), {
  label: "Aspect ratio",
  widget: "select",
  order: 32,
  group: "output",
});
// Only in text and image modes.
const multiClip = field(bool(false), {
  label: "Multi-clip",
  help: "Cut the video into several shots.",
  widget: "switch",
  order: 41,
  group: "advanced",
});

function option<const M extends Mode, S extends z.core.$ZodLooseShape>(mode: M, shape: S) {
  return strictFields(`epsilon-v6 in ${mode} mode`, { model: modelField("epsilon-v6"), mode: modeField(mode), ...common, ...shape });
}

const imageReference = strictFields("an image reference", {
  image_url: field(imageUrl(), { label: "Image", help: "Public HTTPS URL of a JPG, PNG or WebP image.", widget: "url", order: 1 }),
  // A new row is a subject unless the person says otherwise (the spec shows subject and background).
  type: field(enumField(["subject", "background"], "subject"), { label: "Role", widget: "segmented", order: 2 }),
  ref_name: field(
    z
      .string({ error: typeError("text") })
      .regex(REF_NAME, "Use 1 to 32 letters, digits, _ or -")
      .optional(),
    {
      label: "Name",
      help: "Refer to this image as @name in the prompt.",
      widget: "text",
      order: 3,
    },
  ),
});

// A name must point at one image; the later of two duplicates is blamed (docs/emulator.md).
const imageReferences = z
  .array(imageReference, { error: typeError("a list of 1 to 7 image references", "reference-to-video needs at least one image reference") })
  .min(1, "Add at least 1 image reference")
  .max(7, "Add at most 7 image references")
  .superRefine((references, ctx) => {
    const seen = new Set<string>();
    references.forEach(({ ref_name: name }, index) => {
      if (name === undefined) return;
      if (seen.has(name))
        ctx.addIssue({ code: "custom", path: [index, "ref_name"], message: `@${name} already names another reference`, input: name });
      seen.add(name);
    });
  });

const frame = (label: string, order: number) =>
  field(imageUrl(`transition needs the ${label.toLowerCase()}: add its URL`), {
    label,
    help: "Public HTTPS URL of a JPG, PNG or WebP image.",
    widget: "url",
    order,
    group: "inputs",
  });

const parentTaskId = z
  .string({ error: typeError("a task id") })
  .refine(
    (id) => id.startsWith(TASK_ID_PREFIX) && id.length > TASK_ID_PREFIX.length,
    `Must be the id of one of your epsilon-v6 tasks (it starts with ${TASK_ID_PREFIX})`,
  );

const extend = option("extend", {
  video_url: field(publicHttpsUrl().optional(), {
    label: "Video",
    help: "Public HTTPS URL of the video to continue. Exactly one of a video URL or a parent task.",
    widget: "url",
    order: 20,
    group: "inputs",
  }),
  parent_task_id: field(parentTaskId.optional(), {
    label: "Earlier task",
    help: "Or the id of one of your succeeded epsilon-v6 tasks. Exactly one of a video URL or a parent task.",
    widget: "text",
    order: 21,
    group: "inputs",
  }),
}).superRefine((value, ctx) => {
  // docs/emulator.md: with neither source the missing video_url is blamed, with both the extra parent_task_id.
  if (value.video_url === undefined && value.parent_task_id === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["video_url"],
      message: "extend needs exactly one of a video URL or a parent task: add one",
      input: value,
    });
  } else if (value.video_url !== undefined && value.parent_task_id !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["parent_task_id"],
      message: "extend needs exactly one of a video URL or a parent task, not both: remove one",
      input: value,
    });
  }
});

export const epsilonSchema = z.discriminatedUnion(
  "mode",
  [
    option("text-to-video", { aspect_ratio: aspectRatio, generate_multi_clip: multiClip }),
    option("image-to-video", {
      generate_multi_clip: multiClip,
      image_urls: field(urlList(1, 2, imageUrl(), "image-to-video needs 1 or 2 image URLs"), {
        label: "Images",
        help: "1 or 2 public HTTPS URLs of JPG, PNG or WebP images.",
        widget: "url-list",
        order: 20,
        group: "inputs",
      }),
    }),
    option("transition", { first_frame_image_url: frame("First frame", 20), last_frame_image_url: frame("Last frame", 21) }),
    option("reference-to-video", {
      aspect_ratio: aspectRatio,
      image_references: field(imageReferences, {
        label: "References",
        help: "1 to 7 images, each a subject or a background, optionally named.",
        widget: "image-references",
        order: 20,
        group: "inputs",
      }),
    }),
    extend,
  ],
  {
    error: choiceError(
      "mode",
      epsilonModes.map((m) => m.value),
    ),
  },
);

export type EpsilonRequest = z.output<typeof epsilonSchema>;
