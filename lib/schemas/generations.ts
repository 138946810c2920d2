// The body of POST /api/generations: the model's own request, plus what makes a submission exactly-once.
import { z } from "zod";
import { generationRequestSchema } from "@/lib/models/catalogue";

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

export const generationSubmissionSchema = z
  .object({
    /** A fresh id per submit, made by the form: repeats of one submit (double click, resend) share it. */
    submissionId: z.uuid({ error: "submissionId must be a UUID made by the form." }),
    runs: z
      .number({ error: "Runs must be a whole number." })
      .int("Runs must be a whole number.")
      .min(1, "Runs is at least 1.")
      .max(MAX_RUNS, `Runs is at most ${MAX_RUNS}.`)
      .default(1),
    /** Which upstream endpoint creates it: v1 unless the person chose legacy (alpha-2.3 text-to-video). */
    endpoint: z.enum(GENERATION_ENDPOINTS, { error: 'endpoint must be "v1" or "legacy".' }).default("v1"),
    request: generationRequestSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.endpoint !== "legacy") return;
    const refusal = legacyRefusal(value.request as { model: string; image_url?: unknown });
    if (refusal) ctx.addIssue({ code: "custom", path: ["endpoint"], message: refusal });
  });

export type GenerationSubmission = z.input<typeof generationSubmissionSchema>;
