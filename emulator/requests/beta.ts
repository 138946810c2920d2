// Family B: beta-2.0, text-to-video or image-to-video.
import type { AcceptedRequest, ValidationContext } from "../types";
import { boolean, integer, oneOf, type Body } from "./checks";
import { betaPrice } from "./pricing";
import { readRequest, type Schema } from "./schema";
import { DEFAULT_VIDEO_ASPECT, videoDimensions } from "./sizes";
import { mediaUrl } from "./urls";

const TEXT = "text-to-video";
const IMAGE = "image-to-video";

const SCHEMA: Schema = {
  owner: "beta-2.0 requests",
  idField: "model",
  modes: [TEXT, IMAGE],
  prompt: { min: 3, max: 20000 },
  fields: [
    { name: "image_url", check: mediaUrl, modes: [IMAGE], requiredIn: [IMAGE] },
    { name: "last_frame_url", check: mediaUrl, modes: [IMAGE] },
    { name: "duration", check: integer(4, 15, " seconds"), default: 5 },
    { name: "resolution", check: oneOf(["480p", "720p", "1080p"]), default: "720p" },
    { name: "aspect_ratio", check: oneOf(["1:1", "4:3", "3:4", "16:9", "9:16", "21:9", "adaptive"]), default: "16:9" },
    { name: "generate_audio", check: boolean, default: true },
    { name: "web_search", check: boolean, default: false, modes: [TEXT] },
  ],
};

export function validateBeta(body: Body, ctx: ValidationContext): AcceptedRequest {
  const { params } = readRequest(body, SCHEMA, ctx);
  const resolution = params.resolution as string;
  const seconds = params.duration as number;
  const aspect = params.aspect_ratio === "adaptive" ? DEFAULT_VIDEO_ASPECT : (params.aspect_ratio as string);
  return {
    model: "beta-2.0",
    kind: "video",
    params,
    output: { kind: "video", ...videoDimensions(resolution, aspect), seconds },
    basePrice: betaPrice(resolution, seconds, params.generate_audio as boolean),
  };
}
