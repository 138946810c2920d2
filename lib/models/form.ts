// What a form needs to lay out a model's fields, read from the schema itself so the form can never
// offer a field, a choice or a default the route handler would refuse.
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

type AnyObject = z.ZodObject<z.core.$ZodLooseShape>;

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
