// Request validation for the emulator's creation endpoints: the first violation in a fixed order
// (model, mode, unknown fields, prompt, fields in the spec's table order, conditional rules).
import type { AcceptedRequest, ValidationContext, Validation } from "../types";
import { collect, describeChoices, fail, has, isPlainObject, type Body } from "./checks";
import { validateAlpha } from "./alpha";
import { validateBeta } from "./beta";
import { validateDelta } from "./delta";
import { validateEpsilon } from "./epsilon";
import { validateGamma } from "./gamma";

export { isPublicHttpsUrl } from "./urls";
export { validateLegacyCreation } from "./legacy";

export type Endpoint = "videos" | "images";

type Validator = (body: Body, ctx: ValidationContext) => AcceptedRequest;

const MODELS: Record<Endpoint, Record<string, Validator>> = {
  videos: {
    "alpha-2.3": (body, ctx) => validateAlpha("alpha-2.3", body, ctx),
    "alpha-2.3-fast": (body, ctx) => validateAlpha("alpha-2.3-fast", body, ctx),
    "beta-2.0": validateBeta,
    "epsilon-v6": validateEpsilon,
  },
  images: {
    "gamma-5-pro": validateGamma,
    "delta-image-2": validateDelta,
  },
};

const OTHER: Record<Endpoint, Endpoint> = { videos: "images", images: "videos" };
const KIND: Record<Endpoint, string> = { videos: "a video", images: "an image" };

function validatorFor(endpoint: Endpoint, body: Body): Validator {
  const names = Object.keys(MODELS[endpoint]);
  const choices = describeChoices(names);
  if (!has(body, "model")) fail("model", `model is required: ${choices}`);
  const model = body.model;
  if (typeof model !== "string") fail("model", `model must be a string: ${choices}`);
  // Object.hasOwn keeps "constructor" and friends from being taken for models.
  const validator = Object.hasOwn(MODELS[endpoint], model) ? MODELS[endpoint][model] : undefined;
  if (validator !== undefined) return validator;
  const other = OTHER[endpoint];
  if (Object.hasOwn(MODELS[other], model)) {
    fail("model", `${model} is ${KIND[other]} model: send it to POST /v1/${other}/generations`);
  }
  fail("model", `model must be ${choices}`);
}

export function validateCreation(endpoint: Endpoint, body: unknown, ctx: ValidationContext): Validation {
  return collect(() => {
    if (!isPlainObject(body)) fail("model", "the request body must be a JSON object");
    return validatorFor(endpoint, body)(body, ctx);
  });
}
