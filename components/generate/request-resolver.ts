// Validates the form with the model's own schema (the one the route handler parses again), plus the
// things only the form knows about: how many runs, which endpoint (alpha-2.3 may go through the legacy one),
// and @names that point at no reference.
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import type { GenerationInput } from "@/lib/models/catalogue";
import { legacyRefusal, MAX_RUNS, type GenerationEndpoint } from "@/lib/schemas/generation-rules";
import type { FieldSpec, ObjectSchema } from "./field-specs";
import { toRequest, type FormValues } from "./form-values";
import { REFERENCE_NAME_FIELD, referenceNames, unknownMentionMessage, unknownMentions } from "./mentions";

/** The form's own field, beside the request's: runs is part of the submission, not of the request. */
export const RUNS_FIELD = "runs";
/** The form's own field too: the upstream endpoint is the submission's, the request stays the model's. */
export const ENDPOINT_FIELD = "endpoint";

export interface Submitted {
  request: GenerationInput;
  runs: number;
  endpoint: GenerationEndpoint;
}

interface ResolverInput {
  object: ObjectSchema;
  fields: readonly FieldSpec[];
  /** model, and mode for models that have modes. */
  fixed: FormValues;
}

function runsError(runs: unknown): string | undefined {
  if (typeof runs === "number" && Number.isInteger(runs) && runs >= 1 && runs <= MAX_RUNS) return undefined;
  return `Runs is a whole number from 1 to ${MAX_RUNS}`;
}

/** The names the prompt may mention, when the form has named references; undefined when it has none. */
export function mentionSource(fields: readonly FieldSpec[]): FieldSpec | undefined {
  return fields.find((field) => field.items?.some((item) => item.name === REFERENCE_NAME_FIELD));
}

function mentionError(values: FormValues, fields: readonly FieldSpec[]): string | undefined {
  const source = mentionSource(fields);
  const prompt = fields.find((field) => field.meta.widget === "prompt");
  const text = prompt ? values[prompt.name] : undefined;
  if (!source || !prompt || typeof text !== "string") return undefined;
  const unknown = unknownMentions(text, referenceNames(values[source.name]));
  return unknown.length > 0 ? unknownMentionMessage(unknown) : undefined;
}

export function requestResolver({ object, fields, fixed }: ResolverInput): Resolver<FormValues, unknown, Submitted> {
  // The schema's input type is one model's request; the form's values are untyped until parsed.
  const resolve = zodResolver(object) as unknown as Resolver<FormValues, unknown, FormValues>;
  return async (values, context, options): Promise<ResolverResult<FormValues, Submitted>> => {
    const result = await resolve(toRequest(values, fields, fixed), context, options);
    const errors: FieldErrors<FormValues> = { ...result.errors };
    const runs = runsError(values[RUNS_FIELD]);
    if (runs) errors[RUNS_FIELD] = { type: "range", message: runs };
    const prompt = fields.find((field) => field.meta.widget === "prompt")?.name;
    const mentions = mentionError(values, fields);
    if (prompt && mentions && !errors[prompt]) errors[prompt] = { type: "mention", message: mentions };
    const endpoint: GenerationEndpoint = values[ENDPOINT_FIELD] === "legacy" ? "legacy" : "v1";
    const legacy = endpoint === "legacy" ? legacyRefusal(toRequest(values, fields, fixed) as { model: string }) : undefined;
    if (legacy) errors[ENDPOINT_FIELD] = { type: "endpoint", message: legacy };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { request: result.values as GenerationInput, runs: values[RUNS_FIELD] as number, endpoint }, errors: {} };
  };
}
