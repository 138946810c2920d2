// The legacy POST /api/video/generate body. It creates ordinary alpha-2.3 tasks, so sizes and prices
// come from alpha; only the field names and the upper-case resolutions differ.
import { alphaResolutions, type AcceptedRequest, type ValidationContext, type Validation } from "../types";
import { boolean, collect, fail, has, isPlainObject, oneOf } from "./checks";
import { ALPHA_1080P_SECONDS, alphaOutput } from "./alpha";
import { alphaPrice, type AlphaResolution } from "./pricing";
import { readRequest, type Schema } from "./schema";

const MODEL = "alpha-2.3";
const RESOLUTION: Record<string, AlphaResolution> = { "720P": "720p", "768P": "768p", "1080P": "1080p" };

// The legacy endpoint creates family A tasks, so it follows the same reading of 720p or 768p, in upper case.
const schema = (ctx: ValidationContext): Schema => {
  const resolutions = alphaResolutions(ctx);
  return {
    owner: "legacy video requests",
    idField: "modelKey",
    prompt: { min: 1, max: 5000 },
    fields: [
      { name: "resolution", check: oneOf(resolutions.values.map((r) => r.toUpperCase())), default: resolutions.fallback.toUpperCase() },
      { name: "outputDurationSec", check: oneOf([6, 10], " seconds"), default: 6 },
      { name: "promptExtend", check: boolean, default: true },
    ],
  };
};

export function validateLegacyCreation(body: unknown, ctx: ValidationContext): Validation {
  return collect((): AcceptedRequest => {
    // The legacy body has no "model"; its model field is modelKey, so that is what gets blamed.
    if (!isPlainObject(body)) fail("modelKey", "the request body must be a JSON object");
    if (!has(body, "modelKey")) fail("modelKey", `modelKey is required: ${MODEL}`);
    if (body.modelKey !== MODEL) fail("modelKey", `modelKey must be ${MODEL}, the only model of the legacy endpoint`);
    const { params } = readRequest(body, schema(ctx), ctx);
    const resolution = RESOLUTION[params.resolution as string] ?? "768p";
    const seconds = params.outputDurationSec as number;
    if (resolution === "1080p" && seconds !== ALPHA_1080P_SECONDS) {
      fail("resolution", `resolution 1080P is only available with outputDurationSec ${ALPHA_1080P_SECONDS}`);
    }
    return {
      model: MODEL,
      kind: "video",
      params,
      output: alphaOutput(resolution, seconds),
      basePrice: alphaPrice(MODEL, resolution, seconds),
    };
  });
}
