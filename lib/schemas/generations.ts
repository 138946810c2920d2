// The body of POST /api/generations: the model's own request, plus what makes a submission exactly-once.
import { z } from "zod";
import { generationRequestSchema } from "@/lib/models/catalogue";
import { GENERATION_ENDPOINTS, legacyRefusal, MAX_RUNS } from "./generation-rules";

export { GENERATION_ENDPOINTS, legacyRefusal, MAX_RUNS, type GenerationEndpoint } from "./generation-rules";

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
