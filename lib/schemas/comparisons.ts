// The bodies of the Compare routes (POST /api/comparisons, its re-run and its favourite). Each column is parsed
// with its model's own schema (the same as POST /api/generations), the shared prompt put in, so a column's
// error names its place: `columns.2.duration`.
import { z } from "zod";
import { generationRequestSchema, type GenerationRequest } from "@/lib/models/catalogue";
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS } from "./comparison-views";

const column = z
  .object({
    model: z.string({ error: "Each column names a model." }),
    /** The model's settings; left out, the model's defaults. The prompt is the comparison's. */
    settings: z.record(z.string(), z.unknown(), { error: "settings is an object of the model's fields." }).default({}),
  })
  .strict();

export const newComparisonSchema = z
  .object({
    comparisonId: z.uuid({ error: "comparisonId must be a UUID made by the form." }),
    prompt: z.string({ error: "Write a prompt to compare the models on." }).trim().min(1, "Write a prompt to compare the models on."),
    columns: z
      .array(column, { error: "columns is a list of models with their settings." })
      .min(COMPARE_MIN_MODELS, `Choose at least ${COMPARE_MIN_MODELS} models to compare.`)
      .max(COMPARE_MAX_MODELS, `Compare at most ${COMPARE_MAX_MODELS} models at once.`),
  })
  .strict()
  .transform((value, ctx) => {
    const requests: GenerationRequest[] = [];
    value.columns.forEach(({ model, settings }, i) => {
      const parsed = generationRequestSchema.safeParse({ ...settings, model, prompt: value.prompt });
      if (parsed.success) requests.push(parsed.data);
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: ["columns", i, ...issue.path], message: issue.message });
    });
    return { comparisonId: value.comparisonId, prompt: value.prompt, requests };
  });
export type NewComparison = z.input<typeof newComparisonSchema>;

export const comparisonRerunSchema = z
  .object({
    /** A fresh id per click, made by the page: a double click sends one run. */
    submissionId: z.uuid({ error: "submissionId must be a UUID made by the page." }),
    column: z
      .number({ error: "column is the column's place, from 0." })
      .int("column is a whole number.")
      .min(0, "column is the column's place, from 0.")
      .max(COMPARE_MAX_MODELS - 1, `column is at most ${COMPARE_MAX_MODELS - 1}.`),
  })
  .strict();

export const comparisonPatchSchema = z
  .object({ favourite: z.string({ error: "favourite is a column's submission id, or null." }).min(1).max(200).nullable() })
  .strict();

export const comparisonListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(300).optional(),
});
