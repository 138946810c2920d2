// A request's settings in the words of its form: what a comparison's column says it ran with, and what the
// Compare form's columns say they will run with. Client-safe and zod-free (the field specs are plain data), so
// the server's view of a comparison and the browser's form write every setting the same way.
import type { FieldSpec } from "./form";
import { getModelMeta, type ModelMeta } from "./meta";

export interface SettingWords {
  /** The request's field ("quality"), or "mode". */
  name: string;
  /** The form's label ("Quality"). */
  label: string;
  /** The value as its control shows it ("High", "6 s", "On", "API default"). */
  value: string;
}

const WORDS: Record<string, string> = { png: "PNG", jpeg: "JPEG" };

/** "6 s", "16:9", "Subject", "PNG": how a choice reads on its button. */
export function optionLabel(value: unknown, unit?: string): string {
  if (typeof value === "number") return unit ? `${value} ${unit}` : String(value);
  const text = String(value);
  return WORDS[text] ?? (/^[a-z]/.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text);
}

function valueWords(field: FieldSpec, value: unknown): string | undefined {
  // An optional choice left out is the API's to make, as the form's "API default" says; other absent fields
  // (inputs not given) are not settings.
  if (value === undefined || value === null) return field.options && !field.required ? "API default" : undefined;
  if (typeof value === "boolean") return value ? "On" : "Off";
  // A list says how many it holds: its items (URLs, references) are inputs, not words for a column's heading.
  if (Array.isArray(value)) return String(value.length);
  if (typeof value === "number" || typeof value === "string") return optionLabel(value, field.meta.unit);
  return undefined;
}

/**
 * The settings a request carries, in form order: every field but the prompt, and none with only one possible
 * value (gamma-5-pro's one image), since a setting nobody could change says nothing about what ran.
 */
export function settingWords(model: string, fields: readonly FieldSpec[], request: Record<string, unknown>): SettingWords[] {
  const meta: ModelMeta | undefined = getModelMeta(model);
  const mode = meta?.modes?.find((each) => each.value === request.mode);
  const words: SettingWords[] = mode ? [{ name: "mode", label: "Mode", value: mode.label }] : [];
  for (const field of fields) {
    if (field.meta.widget === "prompt" || field.options?.length === 1) continue;
    const value = valueWords(field, request[field.name]);
    if (value !== undefined) words.push({ name: field.name, label: field.meta.label, value });
  }
  return words;
}
