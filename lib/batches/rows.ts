import "server-only";
import { AppError } from "@/lib/errors";
import { refuseNul } from "@/lib/http/body";
import { generationRequestSchema, getModel, type GenerationRequest } from "@/lib/models/catalogue";
import { formSpecs } from "@/lib/models/form-specs";
import type { FieldSpec } from "@/lib/models/form";
import { MAX_KEY_LENGTH, type BatchProblem, type BatchRecipe } from "@/lib/schemas/batches";
import type { ParsedRow } from "./parse";

// A row becomes a request through the recipe: each field's fixed value, or its template filled from the row's
// cells (`{{product}}`), turned into the field's type (numbers, switches, lists of URLs, uploaded files by
// name), then checked by the same zod schema as the Generate form. A row that fails says its line and field.

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;

export interface RenderedRow {
  line: number;
  key: string;
  request?: GenerationRequest;
  problem?: BatchProblem;
}

/** Columns a recipe names in its templates and key. */
function namedColumns(recipe: BatchRecipe): string[] {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === "string") for (const match of value.matchAll(PLACEHOLDER)) names.add(match[1]!);
    else if (Array.isArray(value)) value.forEach(visit);
  };
  Object.values(recipe.fields).forEach(visit);
  if (recipe.key) names.add(recipe.key);
  return [...names];
}

/**
 * The function that renders each row of a file with `columns`, after checking the recipe itself: a known
 * model and mode, and templates that name only columns the file has (JSON lines may add keys later, so there
 * only the first line's keys are known and a missing one reads as empty).
 */
export function rowRenderer(recipe: BatchRecipe, columns: string[], { strictColumns }: { strictColumns: boolean }) {
  const model = getModel(recipe.model);
  if (!model) throw new AppError("invalid:recipe", `There is no model “${recipe.model}”.`, { model: "Choose a model." });
  const spec = formSpecs().find((s) => s.model === model.id && s.mode === recipe.mode);
  if (!spec) {
    const modes = formSpecs().flatMap((s) => (s.model === model.id && s.mode ? [`“${s.mode}”`] : []));
    const message =
      modes.length === 0
        ? `${model.id} has no modes: leave the mode out.`
        : recipe.mode
          ? `${model.id} has no mode “${recipe.mode}”: choose one of ${modes.join(", ")}.`
          : `Choose a mode of ${model.id}: ${modes.join(", ")}.`;
    throw new AppError("invalid:recipe", message, { mode: message });
  }
  if (strictColumns) {
    const missing = namedColumns(recipe).filter((name) => !columns.includes(name));
    if (missing.length > 0) {
      const message = `The recipe names ${missing.map((m) => `“${m}”`).join(", ")}, but the file's columns are ${columns.map((c) => `“${c}”`).join(", ")}.`;
      throw new AppError("invalid:recipe", message, { recipe: message });
    }
  }
  const fields = new Map(spec.fields.map((f) => [f.name, f]));
  const files = new Map(Object.entries(recipe.files ?? {}).map(([name, url]) => [name.toLowerCase(), url]));
  const keys = new Map<string, number>();

  return (row: ParsedRow, index: number): RenderedRow => {
    const key = keyOf(recipe, row, index);
    const fail = (field: string | null, message: string): RenderedRow => ({
      line: row.line,
      key,
      problem: { line: row.line, key, field, message },
    });
    if (row.problem) return fail(null, row.problem);
    if (!key) return fail(recipe.key ?? null, `The key column “${recipe.key}” is empty in this row.`);
    if (key.length > MAX_KEY_LENGTH) return fail(recipe.key ?? null, `The key is over ${MAX_KEY_LENGTH} characters.`);
    const earlier = keys.get(key);
    if (earlier !== undefined) return fail(recipe.key ?? null, `The key “${key}” is also line ${earlier}'s; each row needs its own.`);
    keys.set(key, row.line);
    const body: Record<string, unknown> = { model: model.id, ...(recipe.mode ? { mode: recipe.mode } : {}) };
    for (const [name, template] of Object.entries(recipe.fields)) {
      const value = typed(fill(template, row.cells), fields.get(name), files);
      if (value !== undefined) body[name] = value;
    }
    try {
      refuseNul(body, "row");
    } catch (error) {
      return fail(null, (error as Error).message);
    }
    const parsed = generationRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return fail(issue.path.length > 0 ? issue.path.join(".") : null, issue.message);
    }
    return { line: row.line, key, request: parsed.data };
  };
}

/** The row's key: its key column, or for variations the choices it took, or its line. */
function keyOf(recipe: BatchRecipe, row: ParsedRow, index: number): string {
  if (recipe.key) return cellText(cellOf(row.cells, recipe.key)).trim();
  const variation = row.cells.variation;
  if (typeof variation === "string" && "prompt" in row.cells && Object.keys(row.cells).length === 2) {
    return `${String(index + 1).padStart(3, "0")}-${slug(variation)}`;
  }
  return `row-${row.line}`;
}

const slug = (text: string) =>
  text
    .normalize("NFKD")
    // The accents NFKD split off (ü is u and a combining mark) go, rather than cutting the word: `grune`, not `gru-ne`.
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 80) || "row";

const cellText = (value: unknown): string =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

/** A row's cell by column name: only its own (a JSON line's `{{constructor}}` is not Object's). */
const cellOf = (cells: Record<string, unknown>, name: string): unknown => (Object.hasOwn(cells, name) ? cells[name] : undefined);

/** A template filled from the cells: a lone `{{column}}` keeps the cell's own value (a JSON number stays one). */
function fill(template: unknown, cells: Record<string, unknown>): unknown {
  if (Array.isArray(template)) return template.map((item) => fill(item, cells));
  if (typeof template !== "string") return template;
  const whole = WHOLE.exec(template);
  if (whole) {
    const value = cellOf(cells, whole[1]!);
    return typeof value === "string" ? value.trim() : value;
  }
  return template.replace(PLACEHOLDER, (_, name: string) => cellText(cellOf(cells, name)));
}

const TRUE = new Set(["true", "yes", "1", "on"]);
const FALSE = new Set(["false", "no", "0", "off"]);

/**
 * A filled value in its field's type: empty text leaves the field out (its default applies), numbers and
 * switches are read from text, URL lists split on spaces or `|`, and a file name uploaded with the batch
 * becomes its link. Anything else goes to the schema as it is, which says what is wrong with it.
 */
function typed(value: unknown, field: FieldSpec | undefined, files: Map<string, string>): unknown {
  const file = (text: string) => files.get(text.toLowerCase()) ?? text;
  if (typeof value === "string" && value.trim() === "") return undefined;
  if (!field || typeof value !== "string") {
    if (Array.isArray(value)) {
      const items = value.flatMap((item) => (typeof item === "string" && item.trim() === "" ? [] : [item]));
      return items.length === 0 ? undefined : items.map((item) => (typeof item === "string" ? file(item.trim()) : item));
    }
    return value;
  }
  const text = value.trim();
  const numeric = field.meta.widget === "number" || field.meta.widget === "slider" || field.options?.some((o) => typeof o === "number");
  if (numeric && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (field.meta.widget === "switch") {
    if (TRUE.has(text.toLowerCase())) return true;
    if (FALSE.has(text.toLowerCase())) return false;
  }
  if (field.meta.widget === "url-list")
    return text
      .split(/[\s|]+/)
      .filter(Boolean)
      .map(file);
  if (field.meta.widget === "url") return file(text);
  return value;
}
