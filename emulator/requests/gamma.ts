// Family G: gamma-5-pro, exactly one image per task.
import type { AcceptedRequest, ValidationContext } from "../types";
import { arrayOf, oneOf, type Body } from "./checks";
import { gammaPrice } from "./pricing";
import { readRequest, type Schema } from "./schema";
import { imageDimensions } from "./sizes";
import { mediaUrl } from "./urls";

const LONG_SIDE: Record<string, number> = { basic: 1024, high: 2048 };

const SCHEMA: Schema = {
  owner: "gamma-5-pro requests",
  idField: "model",
  prompt: { min: 3, max: 5000 },
  fields: [
    { name: "image_urls", check: arrayOf(1, 10, "image URLs", mediaUrl) },
    { name: "aspect_ratio", check: oneOf(["1:1", "4:3", "3:4", "16:9", "9:16", "2:3", "3:2", "21:9"]), default: "1:1" },
    { name: "quality", check: oneOf(["basic", "high"]), default: "basic" },
    { name: "output_format", check: oneOf(["png", "jpeg"]), default: "png" },
    // n has one legal value; filling it in keeps params uniform with delta-image-2.
    { name: "n", check: oneOf([1]), default: 1 },
  ],
};

export function validateGamma(body: Body, ctx: ValidationContext): AcceptedRequest {
  const { params } = readRequest(body, SCHEMA, ctx);
  const longSide = LONG_SIDE[params.quality as string] ?? 1024;
  return {
    model: "gamma-5-pro",
    kind: "image",
    params,
    output: {
      kind: "image",
      format: params.output_format as "png" | "jpeg",
      ...imageDimensions(longSide, params.aspect_ratio as string),
      count: 1,
    },
    basePrice: gammaPrice(1),
  };
}
