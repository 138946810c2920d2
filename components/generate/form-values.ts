// The form holds what a person sees (empty strings, blank rows); the request holds what the API
// takes (absent fields, no blank rows). These two functions are the only bridge between them.
import type { FieldSpec } from "@/lib/models/form";

export type FormValues = Record<string, unknown>;

const TEXT_WIDGETS = new Set(["prompt", "text", "url"]);

/** What an untouched control shows: the schema's default, or nothing chosen yet. */
function emptyValue(field: FieldSpec): unknown {
  if (field.defaultValue !== undefined) return field.defaultValue;
  if (TEXT_WIDGETS.has(field.meta.widget)) return "";
  if (field.meta.widget === "switch") return false;
  if (field.items) return Array.from({ length: Math.max(1, field.minLength ?? 0) }, () => initialValues(field.items ?? []));
  // A required list starts with the rows it needs, so there is somewhere to type.
  if (field.meta.widget === "url-list") return Array.from({ length: field.required ? Math.max(1, field.minLength ?? 0) : 0 }, () => "");
  return undefined;
}

/** A stored or remixed value, if it still fits the control; otherwise undefined. */
function restore(field: FieldSpec, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (field.items) {
    if (!Array.isArray(value)) return undefined;
    return value.map((item: unknown) =>
      initialValues(field.items ?? [], typeof item === "object" && item !== null ? (item as FormValues) : {}),
    );
  }
  if (field.meta.widget === "url-list") return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
  if (field.options) return field.options.includes(value) ? value : undefined;
  const expected = TEXT_WIDGETS.has(field.meta.widget) ? "string" : field.meta.widget === "switch" ? "boolean" : "number";
  return typeof value === expected ? value : undefined;
}

/** Values for a fresh form: the first source that has a fitting value wins, then the default. */
export function initialValues(fields: readonly FieldSpec[], ...sources: (FormValues | undefined)[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const found = sources.map((source) => restore(field, source?.[field.name])).find((value) => value !== undefined);
    values[field.name] = found ?? emptyValue(field);
  }
  return values;
}

/** A row with nothing typed in it: its choices alone do not make it an entry. */
function isBlankItem(item: unknown, fields: readonly FieldSpec[]): boolean {
  if (typeof item === "string") return item === "";
  if (typeof item !== "object" || item === null) return item === undefined;
  return fields.filter((field) => TEXT_WIDGETS.has(field.meta.widget)).every((field) => ((item as FormValues)[field.name] ?? "") === "");
}

function toRequestValue(field: FieldSpec, value: unknown): unknown {
  if (value === "" || value === null || (typeof value === "number" && Number.isNaN(value))) return undefined;
  if (!Array.isArray(value)) return value;
  const itemFields = field.items ?? [];
  // Only blank rows: the list was left empty, which the schema judges (absent, or "add at least one").
  if (value.every((item) => isBlankItem(item, itemFields))) return undefined;
  return value.map((item: unknown) => {
    if (field.items && typeof item === "object" && item !== null) return toRequest(item as FormValues, field.items);
    return item === "" ? undefined : item;
  });
}

/** The request body's fields for these values; `fixed` (model, mode) comes first. */
export function toRequest(values: FormValues, fields: readonly FieldSpec[], fixed: FormValues = {}): FormValues {
  const request: FormValues = { ...fixed };
  for (const field of fields) {
    const value = toRequestValue(field, values[field.name]);
    if (value !== undefined) request[field.name] = value;
  }
  return request;
}
