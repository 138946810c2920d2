// What a form needs to lay out a model's fields, read from the schema itself so the form can never
// offer a field, a choice or a default the route handler would refuse. The server reads them (formSpecs) and
// hands the browser plain data: the Generate page carries no schema and no zod until a form is checked.
import { z } from "zod";
import type { CatalogueEntry } from "./catalogue";
import { fieldMeta, type FieldMeta } from "./fields";

export interface FormField {
  name: string;
  meta: FieldMeta;
  /** Absent means invalid (no default to fall back on). */
  required: boolean;
  defaultValue?: unknown;
  /** The allowed values of a choice field, in the schema's order. */
  options?: readonly unknown[];
  /** Bounds of a number field. */
  min?: number;
  max?: number;
}

export type AnyObject = z.ZodObject<z.core.$ZodLooseShape>;

/** The object schema of a model in one mode (the first mode when none is given). */
export function objectSchema(entry: CatalogueEntry, mode?: string): AnyObject | undefined {
  const schema: unknown = entry.schema;
  if (schema instanceof z.ZodObject) return schema as AnyObject;
  if (!(schema instanceof z.ZodDiscriminatedUnion)) return undefined;
  const options = schema.options as AnyObject[];
  if (mode === undefined) return options[0];
  return options.find((option) => option.shape.mode instanceof z.ZodLiteral && option.shape.mode.values.has(mode));
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** The object's fields with their metadata, in form order. */
export function formFields(object: AnyObject): FormField[] {
  const fields = Object.entries(object.shape).map(([name, value]) => {
    const schema = value as z.ZodType;
    const meta = fieldMeta.get(schema);
    if (meta === undefined) throw new Error(`field ${name} has no metadata`);
    const empty = schema.safeParse(undefined);
    const inner = unwrap(schema);
    const field: FormField = { name, meta, required: !empty.success };
    if (empty.success && empty.data !== undefined) field.defaultValue = empty.data;
    if (inner instanceof z.ZodLiteral) field.options = [...inner.values];
    if (inner instanceof z.ZodNumber) {
      if (inner.minValue !== null) field.min = inner.minValue;
      if (inner.maxValue !== null) field.max = inner.maxValue;
    }
    return field;
  });
  return fields.sort((a, b) => a.meta.order - b.meta.order);
}

/** A form field as the browser draws it: plain data, so the server reads it off the schema and sends it. */
export interface FieldSpec extends FormField {
  /** Fields of one item, for lists of objects (image references). */
  items?: FieldSpec[];
  /** Bounds of a list's length or a prompt's characters, when the schema has them. */
  minLength?: number;
  maxLength?: number;
}

/**
 * The pickers draw model and mode; every other field comes from here, except `callback_url`: the service sends
 * no events (the spec lists none), so offering it would only invite a webhook that never fires. The schema keeps it.
 */
const PICKER_FIELDS = new Set(["model", "mode", "callback_url"]);

export function modelObject(entry: CatalogueEntry, mode: string | undefined): AnyObject {
  const object = objectSchema(entry, mode);
  if (!object) throw new Error(`${entry.id} has no form for mode ${mode ?? "(none)"}`);
  return object;
}

export function fieldSpecs(object: AnyObject): FieldSpec[] {
  return formFields(object)
    .filter((field) => !PICKER_FIELDS.has(field.name))
    .map((field) => spec(field, object.shape[field.name] as z.ZodType));
}

function spec(field: FormField, schema: z.ZodType): FieldSpec {
  const inner = unwrap(schema);
  const result: FieldSpec = { ...field };
  if (inner instanceof z.ZodArray) {
    Object.assign(result, arrayBounds(inner));
    if (inner.element instanceof z.ZodObject) result.items = fieldSpecs(inner.element as AnyObject);
  } else if (field.meta.widget === "prompt") {
    Object.assign(result, textBounds(inner));
  }
  return result;
}

// Lengths of lists, from the array's checks.
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
