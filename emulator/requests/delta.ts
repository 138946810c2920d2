// Family D: delta-image-2, 1 to 4 PNG images per task at 1K, 2K or 4K.
import type { AcceptedRequest, ValidationContext } from "../types";
import { arrayOf, integer, oneOf, type Body } from "./checks";
import { deltaPrice } from "./pricing";
import { readRequest, type Schema } from "./schema";
import { imageDimensions } from "./sizes";
import { mediaUrl, publicUrl } from "./urls";

const LONG_SIDE: Record<string, number> = { "1K": 1024, "2K": 2048, "4K": 4096 };

const SCHEMA: Schema = {
  owner: "delta-image-2 requests",
  idField: "model",
  prompt: { min: 1, max: 5000 },
  fields: [
    { name: "size", check: oneOf(["1:1", "3:2", "2:3", "4:3", "3:4", "16:9", "9:16"]), default: "1:1" },
    { name: "quality", check: oneOf(["medium", "high"]), default: "medium" },
    { name: "n", check: integer(1, 4), default: 1 },
    { name: "image_urls", check: arrayOf(1, 16, "image URLs", mediaUrl) },
    // Not media: stored and never called, so the own-media exception does not apply.
    { name: "callback_url", check: publicUrl },
    // Not in the spec's table (the decisions doc names it), so it is checked last.
    { name: "resolution", check: oneOf(["1K", "2K", "4K"]), default: "1K" },
  ],
};

export function validateDelta(body: Body, ctx: ValidationContext): AcceptedRequest {
  const { params } = readRequest(body, SCHEMA, ctx);
  const resolution = params.resolution as string;
  const count = params.n as number;
  return {
    model: "delta-image-2",
    kind: "image",
    params,
    output: {
      kind: "image",
      format: "png",
      ...imageDimensions(LONG_SIDE[resolution] ?? 1024, params.size as string),
      count,
    },
    basePrice: deltaPrice(params.quality as string, resolution, count),
  };
}
