// Field builders shared by every model schema, and the typed registry that carries each field's UI
// metadata. The same schema instance validates the form, the route handler and the tests, so the
// messages here are written for people (they show under the form field and in the API's `fields`).
import { z } from "zod";
import { formatNumber as count, plural } from "../format";
import { imageExtensionProblem, publicHttpsUrlProblem } from "./urls";

export type Widget =
  "prompt" | "text" | "segmented" | "select" | "switch" | "slider" | "number" | "url" | "url-list" | "image-references" | "tabs";

export type FieldGroup = "basics" | "inputs" | "output" | "advanced";

export interface FieldMeta {
  label: string;
  help?: string;
  widget: Widget;
  /** Position in the form; lower comes first. */
  order: number;
  group?: FieldGroup;
  unit?: string;
}

/** A registry of our own, rather than z.globalRegistry, so the metadata is typed and cannot collide with JSON Schema's. */
export const fieldMeta = z.registry<FieldMeta>();

/** Attaches UI metadata; call it last, because every wrapper (.optional(), .default()) is a new schema. */
export function field<S extends z.ZodType>(schema: S, meta: FieldMeta): S {
  fieldMeta.add(schema as z.ZodType, meta);
  return schema;
}

type Literal = string | number;

/** "a or b" for two values, "one of a, b, c" for more. */
export function describeChoices(values: readonly Literal[]): string {
  if (values.length <= 2) return values.join(" or ");
  return `one of ${values.join(", ")}`;
}

/** The message for a value of the wrong type, including a missing one. */
export function typeError(expected: string, required = "This field is required", numeric = expected.includes("number")) {
  return (issue: { input?: unknown }): string => {
    if (issue.input === undefined) return required;
    // A quoted number is the commonest strict-type mistake; saying so makes the fix obvious.
    if (numeric && typeof issue.input === "string") return `Must be ${expected} (a JSON number, not a string)`;
    return `Must be ${expected}${issue.input === null ? ", not null" : ""}`;
  };
}

/** A strict object: an unknown field (a typo, or a field of another mode) is refused, never ignored. */
export function strictFields<Shape extends z.core.$ZodLooseShape>(owner: string, shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Not a field of ${owner} (check its spelling)` : `Must be an object with the fields of ${owner}`,
  });
}

export function prompt(min: number, max: number) {
  // docs/emulator.md counts UTF-16 code units (JavaScript's length); zod 4.6's .min()/.max() count code points
  // (colinhacks/zod#6441), so an emoji-heavy prompt would pass them and be refused upstream.
  return z.string({ error: typeError("text", "Write a prompt") }).superRefine((text, ctx) => {
    const problem =
      text.trim() === ""
        ? "Write something other than white space"
        : text.length < min
          ? `Use at least ${plural(min, "character")}`
          : text.length > max
            ? `Use at most ${plural(max, "character")} (this has ${count(text.length)})`
            : null;
    if (problem !== null) ctx.addIssue({ code: "custom", message: problem, input: text });
  });
}

export function publicHttpsUrl(required?: string) {
  return z.string({ error: typeError("a URL", required) }).superRefine((url, ctx) => {
    const problem = publicHttpsUrlProblem(url);
    if (problem !== null) ctx.addIssue({ code: "custom", message: `Must be a public HTTPS URL, but ${problem}`, input: url });
  });
}

/** A public HTTPS URL of a JPG, PNG or WebP image (epsilon-v6); a URL without an extension is allowed. */
export function imageUrl(required?: string) {
  return publicHttpsUrl(required).superRefine((url, ctx) => {
    const problem = imageExtensionProblem(url);
    if (problem !== null) ctx.addIssue({ code: "custom", message: `Must be a JPG, PNG or WebP image, but ${problem}`, input: url });
  });
}

export function urlList(min: number, max: number, item: z.ZodType<string> = publicHttpsUrl(), required?: string) {
  const bounds = min === max ? count(min) : `${count(min)} ${max === min + 1 ? "or" : "to"} ${count(max)}`;
  return z
    .array(item, { error: typeError(`a list of ${bounds} URLs`, required) })
    .min(min, `Add at least ${plural(min, "URL")}`)
    .max(max, `Add at most ${plural(max, "URL")}`);
}

/** One of `values` exactly; with `fallback`, absent means the fallback. */
export function enumField<const T extends readonly [Literal, ...Literal[]]>(values: T): z.ZodLiteral<T[number]>;
export function enumField<const T extends readonly [Literal, ...Literal[]]>(
  values: T,
  fallback: T[number],
): z.ZodDefault<z.ZodLiteral<T[number]>>;
export function enumField(values: readonly [Literal, ...Literal[]], fallback?: Literal) {
  const schema = z.literal(values, { error: typeError(describeChoices(values), undefined, typeof values[0] === "number") });
  return fallback === undefined ? schema : schema.default(fallback);
}

/** A whole number from `min` to `max`; with `fallback`, absent means the fallback. */
export function intRange(min: number, max: number): z.ZodNumber;
export function intRange(min: number, max: number, fallback: number): z.ZodDefault<z.ZodNumber>;
export function intRange(min: number, max: number, fallback?: number) {
  const expected = `a whole number from ${count(min)} to ${count(max)}`;
  const message = `Must be ${expected}`;
  const schema = z
    .number({ error: typeError(expected) })
    .int(message)
    .min(min, message)
    .max(max, message);
  return fallback === undefined ? schema : schema.default(fallback);
}

export function bool(fallback: boolean) {
  return z.boolean({ error: typeError("true or false") }).default(fallback);
}

/** The `model` field every request carries; the form shows it as the model picker. */
export function modelField<const Id extends string>(id: Id) {
  return field(z.literal(id), { label: "Model", widget: "select", order: 0, group: "basics" });
}

/** The `mode` discriminator of models that have modes; the form shows the modes as tabs. */
export function modeField<const Mode extends string>(mode: Mode) {
  return field(z.literal(mode), { label: "Mode", widget: "tabs", order: 1, group: "basics" });
}

/** The message for an unknown `mode` or `model` value of a discriminated union. */
export function choiceError(what: string, values: readonly string[]) {
  return (issue: { code?: string }) => (issue.code === "invalid_union" ? `Choose a ${what}: ${describeChoices(values)}` : undefined);
}
