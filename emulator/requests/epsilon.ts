// Family E: epsilon-v6 in its five modes. Mode-specific fields are rejected in the other modes.
import type { AcceptedRequest, ValidationContext } from "../types";
import {
  arrayOf,
  boolean,
  describeChoices,
  fail,
  has,
  integer,
  isPlainObject,
  oneOf,
  rejectUnknown,
  string,
  type Body,
  type Check,
} from "./checks";
import { epsilonPrice } from "./pricing";
import { readRequest, type Schema } from "./schema";
import { DEFAULT_VIDEO_ASPECT, videoDimensions } from "./sizes";
import { epsilonImageUrl, mediaUrl } from "./urls";

const TEXT = "text-to-video";
const IMAGE = "image-to-video";
const TRANSITION = "transition";
const REFERENCE = "reference-to-video";
const EXTEND = "extend";

const MAX_SEED = 2147483647;
const REF_NAME = /^[A-Za-z0-9_-]{1,32}$/;
const TASK_ID_PREFIX = "task_";

function imageReference(value: unknown, path: string, ctx: ValidationContext): void {
  if (!isPlainObject(value)) fail(path, `${path} must be an object with image_url and type`);
  if (ctx.profile?.unknownFields === "reject") rejectUnknown(value, ["image_url", "type", "ref_name"], `${path}.`, "an image reference");
  if (!has(value, "image_url")) fail(`${path}.image_url`, `${path}.image_url is required`);
  epsilonImageUrl(value.image_url, `${path}.image_url`, ctx);
  const types = ctx.profile?.referenceTypes ?? ["subject", "background"];
  if (!has(value, "type")) fail(`${path}.type`, `${path}.type is required: ${describeChoices(types)}`);
  oneOf(types)(value.type, `${path}.type`, ctx);
  if (has(value, "ref_name") && !REF_NAME.test(string(value.ref_name, `${path}.ref_name`))) {
    fail(`${path}.ref_name`, `${path}.ref_name must be 1 to 32 letters, digits, _ or -`);
  }
}

// ref_name must be unique so that "@name" in the prompt points at one image; the later duplicate is blamed.
const imageReferences: Check = (value, path, ctx) => {
  const seen = new Set<string>();
  const item: Check = (element, itemPath) => {
    imageReference(element, itemPath, ctx);
    const name = (element as Body).ref_name;
    if (typeof name !== "string") return;
    if (seen.has(name)) fail(`${itemPath}.ref_name`, `${itemPath}.ref_name "${name}" is already used by another reference`);
    seen.add(name);
  };
  arrayOf(1, 7, "image references", item)(value, path, ctx);
};

// Only the prefix is checked here: provider-side ids never carry it. The server checks ownership and status.
const parentTaskId: Check = (value, path) => {
  const id = string(value, path);
  if (!id.startsWith(TASK_ID_PREFIX) || id.length === TASK_ID_PREFIX.length) {
    fail(path, `${path} must be the id of one of your epsilon-v6 tasks, which starts with ${TASK_ID_PREFIX}`);
  }
};

const schema = (ctx: ValidationContext): Schema => ({
  owner: "epsilon-v6 requests",
  idField: "model",
  modes: [TEXT, IMAGE, TRANSITION, REFERENCE, EXTEND],
  prompt: { min: 3, max: 5000 },
  fields: [
    { name: "duration", check: integer(1, 15, " seconds"), default: 5 },
    { name: "quality", check: oneOf(["360p", "540p", "720p", "1080p"]), default: "720p" },
    {
      name: "aspect_ratio",
      check: oneOf(["16:9", "4:3", "1:1", "3:4", "9:16", "2:3", "3:2", "21:9"]),
      default: "16:9",
      modes: [TEXT, REFERENCE],
      // Whether text and reference modes require it is not shown: profile aspectRatioRequired plays "yes".
      requiredIn: ctx.profile?.aspectRatioRequired ? [TEXT, REFERENCE] : undefined,
    },
    { name: "generate_audio", check: boolean, default: false },
    { name: "generate_multi_clip", check: boolean, default: false, modes: [TEXT, IMAGE] },
    { name: "seed", check: integer(0, MAX_SEED) },
    { name: "image_urls", check: arrayOf(1, 2, "image URLs", epsilonImageUrl), modes: [IMAGE], requiredIn: [IMAGE] },
    { name: "first_frame_image_url", check: epsilonImageUrl, modes: [TRANSITION], requiredIn: [TRANSITION] },
    { name: "last_frame_image_url", check: epsilonImageUrl, modes: [TRANSITION], requiredIn: [TRANSITION] },
    { name: "image_references", check: imageReferences, modes: [REFERENCE], requiredIn: [REFERENCE] },
    { name: "video_url", check: mediaUrl, modes: [EXTEND] },
    { name: "parent_task_id", check: parentTaskId, modes: [EXTEND] },
  ],
});

export function validateEpsilon(body: Body, ctx: ValidationContext): AcceptedRequest {
  const { mode, params } = readRequest(body, schema(ctx), ctx);
  if (mode === EXTEND) {
    const byUrl = has(params, "video_url");
    const byParent = has(params, "parent_task_id");
    if (!byUrl && !byParent) fail("video_url", "extend mode needs the video to extend: send video_url or parent_task_id");
    if (byUrl && byParent) fail("parent_task_id", "send only one of video_url or parent_task_id in extend mode, not both");
  }
  const quality = params.quality as string;
  const seconds = params.duration as number;
  const aspect = typeof params.aspect_ratio === "string" ? params.aspect_ratio : DEFAULT_VIDEO_ASPECT;
  const request: AcceptedRequest = {
    model: "epsilon-v6",
    kind: "video",
    params,
    // extend renders the requested duration: the emulator does not model the parent's length.
    output: { kind: "video", ...videoDimensions(quality, aspect), seconds },
    basePrice: epsilonPrice(quality, seconds, params.generate_audio as boolean, mode === REFERENCE),
  };
  if (typeof params.parent_task_id === "string") request.parentTaskId = params.parent_task_id;
  return request;
}
