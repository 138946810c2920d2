// Family A: alpha-2.3 (text- or image-to-video) and alpha-2.3-fast (image-to-video only).
import { alphaResolutions, type AcceptedRequest, type OutputSpec, type ValidationContext } from "../types";
import { boolean, fail, has, oneOf, type Body } from "./checks";
import { alphaPrice, type AlphaModel, type AlphaResolution } from "./pricing";
import { readRequest, type Schema } from "./schema";
import { DEFAULT_VIDEO_ASPECT, videoDimensions } from "./sizes";
import { mediaUrl } from "./urls";

/** The rule both the v1 and the legacy endpoint enforce. */
export const ALPHA_1080P_SECONDS = 6;

// alpha renders 16:9 only: the contract has no aspect ratio.
export function alphaOutput(resolution: AlphaResolution, seconds: number): OutputSpec {
  return { kind: "video", ...videoDimensions(resolution, DEFAULT_VIDEO_ASPECT), seconds };
}

function schema(model: AlphaModel, ctx: ValidationContext): Schema {
  const resolutions = alphaResolutions(ctx);
  return {
    owner: `${model} requests`,
    idField: "model",
    prompt: { min: 1, max: 5000 },
    fields: [
      { name: "image_url", check: mediaUrl },
      { name: "duration", check: oneOf([6, 10], " seconds"), default: 6 },
      { name: "resolution", check: oneOf(resolutions.values), default: resolutions.fallback },
      { name: "prompt_optimizer", check: boolean, default: true },
    ],
  };
}

export function validateAlpha(model: AlphaModel, body: Body, ctx: ValidationContext): AcceptedRequest {
  const { params } = readRequest(body, schema(model, ctx), ctx);
  if (model === "alpha-2.3-fast" && !has(body, "image_url")) {
    fail("image_url", "image_url is required for alpha-2.3-fast, which only generates from a first-frame image");
  }
  const resolution = params.resolution as AlphaResolution;
  const duration = params.duration as number;
  if (resolution === "1080p" && duration !== ALPHA_1080P_SECONDS) {
    fail("resolution", `resolution 1080p is only available with a duration of ${ALPHA_1080P_SECONDS} seconds`);
  }
  return {
    model,
    kind: "video",
    params,
    output: alphaOutput(resolution, duration),
    basePrice: alphaPrice(model, resolution, duration),
  };
}
