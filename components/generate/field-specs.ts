// The form's fields for one model and mode, read from the catalogue's schema: lib/models/form gives
// order, metadata, defaults and choices; this adds what lists and prompts need (bounds, item fields).
import { z } from "zod";
import type { CatalogueEntry } from "@/lib/models/catalogue";
import { formFields, objectSchema, type FormField } from "@/lib/models/form";

export interface FieldSpec extends FormField {
  schema: z.ZodType;
  /** Fields of one item, for lists of objects (image references). */
  items?: FieldSpec[];
  /** Bounds of a list's length or a prompt's characters, when the schema has them. */
  minLength?: number;
  maxLength?: number;
}

export type ObjectSchema = NonNullable<ReturnType<typeof objectSchema>>;

/**
 * The pickers draw model and mode; every other field comes from here, except `callback_url`: the service sends
 * no events (the spec lists none), so offering it would only invite a webhook that never fires. The schema keeps it.
 */
const PICKER_FIELDS = new Set(["model", "mode", "callback_url"]);

export function modelObject(entry: CatalogueEntry, mode: string | undefined): ObjectSchema {
  const object = objectSchema(entry, mode);
  if (!object) throw new Error(`${entry.id} has no form for mode ${mode ?? "(none)"}`);
  return object;
}

export function fieldSpecs(object: ObjectSchema): FieldSpec[] {
  return formFields(object)
    .filter((field) => !PICKER_FIELDS.has(field.name))
    .map((field) => spec(field, object.shape[field.name] as z.ZodType));
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner;
}

function spec(field: FormField, schema: z.ZodType): FieldSpec {
  const inner = unwrap(schema);
  const result: FieldSpec = { ...field, schema };
  if (inner instanceof z.ZodArray) {
    Object.assign(result, arrayBounds(inner));
    if (inner.element instanceof z.ZodObject) result.items = fieldSpecs(inner.element as ObjectSchema);
  } else if (field.meta.widget === "prompt") {
    Object.assign(result, textBounds(inner));
  }
  return result;
}

// lib/models/form reports number bounds only; until it reports lengths too, they are read here.
function arrayBounds(schema: z.ZodArray): { minLength?: number; maxLength?: number } {
  const bounds: { minLength?: number; maxLength?: number } = {};
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; minimum?: number; maximum?: number };
    if (def.check === "min_length" && def.minimum !== undefined) bounds.minLength = def.minimum;
    if (def.check === "max_length" && def.maximum !== undefined) bounds.maxLength = def.maximum;
  }
  return bounds;
}

const textBoundsCache = new WeakMap<z.ZodType, { minLength?: number; maxLength?: number }>();
const LONGEST_PROBE = 1 << 20;

/**
 * A prompt's bounds live in a refinement (it counts UTF-16 units, which zod's own .min() does not),
 * so they cannot be read off the schema: they are found by asking it about texts of growing length.
 */
function textBounds(schema: z.ZodType): { minLength?: number; maxLength?: number } {
  const cached = textBoundsCache.get(schema);
  if (cached) return cached;
  const fits = (length: number) => schema.safeParse("a".repeat(length)).success;
  const bounds: { minLength?: number; maxLength?: number } = {};
  let low = 1;
  while (low <= LONGEST_PROBE && !fits(low)) low *= 2;
  if (low <= LONGEST_PROBE) {
    bounds.minLength = firstTrue(Math.floor(low / 2), low, fits);
    let high = low;
    while (high <= LONGEST_PROBE && fits(high)) high *= 2;
    if (high <= LONGEST_PROBE) bounds.maxLength = firstTrue(Math.floor(high / 2), high, (n) => !fits(n)) - 1;
  }
  textBoundsCache.set(schema, bounds);
  return bounds;
}

/** The smallest n in (from, to] for which test holds, given that it holds at `to` and not at `from`. */
function firstTrue(from: number, to: number, test: (n: number) => boolean): number {
  let [low, high] = [from, to];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (test(middle)) high = middle;
    else low = middle;
  }
  return high;
}
