// The submission rules the Generate form shares with POST /api/generations, apart from the zod schema
// (lib/schemas/generations.ts) so that the form can read them without loading every model's schema.

export const MAX_RUNS = 10;

/** The upstream endpoints a submission can go through; "legacy" is POST /api/video/generate. */
export const GENERATION_ENDPOINTS = ["v1", "legacy"] as const;
export type GenerationEndpoint = (typeof GENERATION_ENDPOINTS)[number];

/** The legacy body has a modelKey, a prompt and output settings, and no image: alpha-2.3 text-to-video only. */
export function legacyRefusal(request: { model: string; image_url?: unknown }): string | undefined {
  if (request.model !== "alpha-2.3") return "The legacy endpoint creates alpha-2.3 videos only: choose v1 for this model.";
  if (request.image_url !== undefined && request.image_url !== "") {
    return "The legacy endpoint has no first-frame image: clear the first frame, or choose v1.";
  }
  return undefined;
}
