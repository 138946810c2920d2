// A model's request described as the spec's field table, and the one reader that applies it, so the
// order in which violations are found is the same for every model:
//   mode → unknown fields (profile unknownFields "reject"; else they are dropped) → prompt → each present field
//   in table order → conditional rules.
// (The model, or the legacy modelKey, is checked by the caller before any of this.)
import type { ValidationContext } from "../types";
import { describeChoices, fail, has, oneOf, readPrompt, rejectUnknown, type Body, type Check } from "./checks";

export interface FieldRule {
  name: string;
  check: Check;
  /** Filled into params when the field is absent and accepted in the request's mode. */
  default?: unknown;
  /** Modes that accept the field; every mode when absent. */
  modes?: readonly string[];
  /** Modes that require the field. */
  requiredIn?: readonly string[];
}

export interface Schema {
  /** Names the request in messages: "foo is not a field of <owner>". */
  owner: string;
  /** The field naming the model ("model", or "modelKey" on the legacy endpoint). */
  idField: string;
  /** The values of a required `mode` field, for models that have one. */
  modes?: readonly string[];
  prompt: { min: number; max: number };
  fields: readonly FieldRule[];
}

export interface ReadRequest {
  mode: string | undefined;
  /** The request with every default filled in, keys in table order. */
  params: Body;
}

function modesPhrase(modes: readonly string[]): string {
  return `${modes.length > 2 ? modes.join(", ") : describeChoices(modes)} mode`;
}

export function readRequest(body: Body, schema: Schema, ctx: ValidationContext): ReadRequest {
  let mode: string | undefined;
  if (schema.modes !== undefined) {
    if (!has(body, "mode")) fail("mode", `mode is required: ${describeChoices(schema.modes)}`);
    oneOf(schema.modes)(body.mode, "mode", ctx);
    mode = body.mode as string;
  }
  const known = [schema.idField, ...(schema.modes ? ["mode"] : []), "prompt", ...schema.fields.map((f) => f.name)];
  if (ctx.profile?.unknownFields === "reject") rejectUnknown(body, known, "", schema.owner);
  readPrompt(body, schema.prompt.min, schema.prompt.max);

  const accepts = (rule: FieldRule) => rule.modes === undefined || (mode !== undefined && rule.modes.includes(mode));
  for (const rule of schema.fields) {
    // A field this mode rejects is reported as such below, not for its value.
    if (has(body, rule.name) && accepts(rule)) rule.check(body[rule.name], rule.name, ctx);
  }
  for (const rule of schema.fields) {
    if (has(body, rule.name) && !accepts(rule) && rule.modes !== undefined) {
      fail(rule.name, `${rule.name} is only accepted in ${modesPhrase(rule.modes)}, not in ${mode} mode`);
    }
    if (!has(body, rule.name) && mode !== undefined && rule.requiredIn?.includes(mode)) {
      fail(rule.name, `${rule.name} is required in ${mode} mode`);
    }
  }

  const params: Body = {};
  for (const key of known) {
    const rule = schema.fields.find((f) => f.name === key);
    if (has(body, key)) params[key] = structuredClone(body[key]);
    else if (rule?.default !== undefined && accepts(rule)) params[key] = rule.default;
  }
  return { mode, params };
}
