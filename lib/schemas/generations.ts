// The body of POST /api/generations: the model's own request, plus what makes a submission exactly-once.
import { z } from "zod";
import { generationRequestSchema } from "@/lib/models/catalogue";

export const MAX_RUNS = 10;

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
    request: generationRequestSchema,
  })
  .strict();

export type GenerationSubmission = z.input<typeof generationSubmissionSchema>;
