// Checks the form with the model's own schema (the one the route handler parses again), plus what only the
// form knows about: how many runs, which endpoint (alpha-2.3 may go through the legacy one), and @names that
// point at no reference. Loaded when the form is first used (use-form-check.ts): the schema and zod stay off
// the page's first load.
import { z } from "zod";
import type { GenerationInput } from "@/lib/models/catalogue";
import { modelObject, type AnyObject, type FieldSpec } from "@/lib/models/form";
import { loadModel } from "@/lib/models/load";
import { legacyRefusal, MAX_RUNS, type GenerationEndpoint } from "@/lib/schemas/generation-rules";
import { FORM_ERROR } from "@/lib/query/form-errors";
import { withError, type ErrorTree } from "./error-tree";
import { ENDPOINT_FIELD, mentionSource, RUNS_FIELD, type Submitted } from "./form-fields";
import { toRequest, type FormValues } from "./form-values";
import type { LearnedValues } from "@/lib/schemas/learned-values";
import { ASPECT_RATIO_REQUIRED, learnedFor, type Learned } from "./learned-fields";
import { referenceNames, unknownMentionMessage, unknownMentions } from "./mentions";

export interface CheckContext {
  model: string;
  mode: string | undefined;
  /** As the server sent them: what the API taught is applied already. */
  fields: readonly FieldSpec[];
  learned: LearnedValues;
}

export type Checked = { ok: true; submitted: Submitted } | { ok: false; errors: ErrorTree };

type Literal = string | number;

/** The schema as this API takes it: an aspect ratio it requires may no longer be left to its default. */
function learnedObject(object: AnyObject, learned: Learned): AnyObject {
  if (!learned.requireAspect || !("aspect_ratio" in object.shape)) return object;
  let inner = object.shape.aspect_ratio as z.ZodType;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (!(inner instanceof z.ZodLiteral)) return object;
  const values = [...inner.values] as [Literal, ...Literal[]];
  const required = z.literal(values, { error: (issue) => (issue.input === undefined ? ASPECT_RATIO_REQUIRED : undefined) });
  return object.extend({ aspect_ratio: required }) as AnyObject;
}

function runsError(runs: unknown): string | undefined {
  if (typeof runs === "number" && Number.isInteger(runs) && runs >= 1 && runs <= MAX_RUNS) return undefined;
  return `Runs is a whole number from 1 to ${MAX_RUNS}`;
}

function mentionError(values: FormValues, fields: readonly FieldSpec[]): string | undefined {
  const source = mentionSource(fields);
  const prompt = fields.find((field) => field.meta.widget === "prompt");
  const text = prompt ? values[prompt.name] : undefined;
  if (!source || !prompt || typeof text !== "string") return undefined;
  const unknown = unknownMentions(text, referenceNames(values[source.name]));
  return unknown.length > 0 ? unknownMentionMessage(unknown) : undefined;
}

/** The request these values make, or an error tree shaped like the form (the first problem of each field). */
export async function checkRequest(values: FormValues, { model, mode, fields, learned }: CheckContext): Promise<Checked> {
  const object = learnedObject(modelObject(await loadModel(model), mode), learnedFor({ model, mode }, learned));
  const request = toRequest(values, fields, { model, ...(mode ? { mode } : {}) });
  const parsed = object.safeParse(request);
  let errors: ErrorTree = {};
  for (const issue of parsed.error?.issues ?? []) {
    // A problem of the request as a whole (no field to put it on) shows in the form's alert.
    errors = withError(errors, issue.path.length > 0 ? issue.path.join(".") : FORM_ERROR, issue.message, { keep: true });
  }
  const runs = runsError(values[RUNS_FIELD]);
  if (runs) errors = withError(errors, RUNS_FIELD, runs);
  const prompt = fields.find((field) => field.meta.widget === "prompt")?.name;
  const mentions = mentionError(values, fields);
  if (prompt && mentions) errors = withError(errors, prompt, mentions, { keep: true });
  const endpoint: GenerationEndpoint = values[ENDPOINT_FIELD] === "legacy" ? "legacy" : "v1";
  const legacy = endpoint === "legacy" ? legacyRefusal(request as { model: string }) : undefined;
  if (legacy) errors = withError(errors, ENDPOINT_FIELD, legacy);
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, submitted: { request: parsed.data as GenerationInput, runs: values[RUNS_FIELD] as number, endpoint } };
}
