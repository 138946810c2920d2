// What the browser reads of a batch's source before anything is sent: its format, its columns and first rows
// (papaparse for CSV and TSV, JSON.parse per line for JSON lines, the server's own expansion for variations),
// and the image file names its cells mention. Only a preview: the server reads the whole file again and is
// the judge of every row.
import Papa from "papaparse";
import { expandVariations, VariationError } from "@/lib/batches/permutations";
import { MAX_BATCH_ROWS, type BatchFormat } from "@/lib/schemas/batches";

/** Rows shown in the browser's own look at the file. */
export const LOCAL_PREVIEW_ROWS = 20;

export type FileFormat = Exclude<BatchFormat, "variations">;

export interface LocalPreview {
  columns: string[];
  rows: Record<string, string>[];
  /** A problem the browser already sees (no header, JSON that does not parse); the server says it exactly. */
  problem: string | null;
}

/** The format a file's name says, or null when it says none (.txt, a pasted text). */
export function formatOfName(name: string): FileFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === "csv") return "csv";
  if (extension === "tsv" || extension === "tab") return "tsv";
  if (extension === "jsonl" || extension === "ndjson") return "jsonl";
  return null;
}

/** A guess from the text itself: JSON lines start with `{`, a header with tabs and no commas is TSV. */
export function guessFormat(text: string): FileFormat {
  const first = text.replace(/^\uFEFF/, "").trimStart();
  if (first.startsWith("{")) return "jsonl";
  const header = first.split(/\r?\n/, 1)[0] ?? "";
  return header.includes("\t") && !header.includes(",") ? "tsv" : "csv";
}

const cellText = (value: unknown): string =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

/** Columns and first rows of a CSV or TSV text (a header row first). */
function delimitedPreview(text: string, format: "csv" | "tsv"): LocalPreview {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    delimiter: format === "tsv" ? "\t" : ",",
    preview: LOCAL_PREVIEW_ROWS + 1,
    skipEmptyLines: true,
  });
  const [header = [], ...records] = parsed.data;
  const columns = header.map((name) => name.trim());
  const rows = records.map((record) => Object.fromEntries(columns.map((name, i) => [name, record[i] ?? ""])));
  const error = parsed.errors.find((e) => e.code !== "UndetectableDelimiter");
  const problem =
    columns.length === 0
      ? "The file has no header row."
      : columns.some((name) => !name)
        ? "A column has no name in the header row."
        : error
          ? `Row ${(error.row ?? 0) + 1}: ${error.message}`
          : null;
  return { columns, rows, problem };
}

/** Columns (the first object's keys, as the server reads them) and first rows of JSON lines. */
function jsonLinesPreview(text: string): LocalPreview {
  const rows: Record<string, string>[] = [];
  let columns: string[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  for (let i = 0; i < lines.length && rows.length < LOCAL_PREVIEW_ROWS; i += 1) {
    const line = lines[i]!.trim();
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { columns, rows, problem: `Line ${i + 1} is not valid JSON.` };
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
      return { columns, rows, problem: `Line ${i + 1} is not one JSON object.` };
    if (columns.length === 0) columns = Object.keys(value);
    rows.push(Object.fromEntries(Object.entries(value).map(([key, cell]) => [key, cellText(cell)])));
  }
  return { columns, rows, problem: rows.length === 0 ? "The file has no rows." : null };
}

export function filePreview(text: string, format: FileFormat): LocalPreview {
  return format === "jsonl" ? jsonLinesPreview(text) : delimitedPreview(text, format);
}

export interface VariationsPreview extends LocalPreview {
  count: number;
  /** Where the text is wrong, in its characters. */
  column: number | null;
}

/** The prompts a variations text makes, counted and the first shown, with the server's own expansion. */
export function variationsPreview(text: string): VariationsPreview {
  const columns = ["prompt", "variation"];
  if (!text.trim()) return { columns, rows: [], count: 0, problem: null, column: null };
  try {
    const made = expandVariations(text.trim(), { max: MAX_BATCH_ROWS });
    const rows = made.slice(0, LOCAL_PREVIEW_ROWS).map((v) => ({ prompt: v.prompt, variation: v.choices.join(" ") }));
    return { columns, rows, count: made.length, problem: null, column: null };
  } catch (error) {
    if (!(error instanceof VariationError)) throw error;
    return { columns, rows: [], count: 0, problem: error.message, column: error.column };
  }
}

const IMAGE_NAME = /^[^/\\:*?"<>|\s][^/\\:*?"<>|]*\.(png|jpe?g|webp)$/i;

/** Each cell's words that look like an image file's name (not a link): what uploaded images can answer. */
function namesIn(cell: string, into: Set<string>) {
  for (const part of cell.split(/[\s|]+/)) if (part && IMAGE_NAME.test(part) && !part.includes("://")) into.add(part);
}

/**
 * The image file names the whole file's cells mention, read in one streaming pass (papaparse's step; JSON lines
 * line by line), at most MAX_BATCH_ROWS rows, so a cell naming an uploaded image can be matched before sending.
 */
export function referencedNames(text: string, format: FileFormat): string[] {
  const names = new Set<string>();
  if (format === "jsonl") {
    for (const line of text.split(/\r?\n/, MAX_BATCH_ROWS + 1)) {
      if (!line.trim()) continue;
      try {
        const value: unknown = JSON.parse(line);
        if (value && typeof value === "object")
          for (const cell of Object.values(value)) (Array.isArray(cell) ? cell : [cell]).forEach((c) => namesIn(cellText(c), names));
      } catch {
        // The preview says which line is wrong.
      }
    }
  } else {
    let rows = 0;
    Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
      delimiter: format === "tsv" ? "\t" : ",",
      skipEmptyLines: true,
      step: (result, parser) => {
        if (rows++ > 0) result.data.forEach((cell) => namesIn(cell, names));
        if (rows > MAX_BATCH_ROWS) parser.abort();
      },
    });
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Inserts `{{column}}` into a template at the caret (or at its end), answering the text and the caret after it. */
export function insertPlaceholder(text: string, column: string, start = text.length, end = start): { text: string; caret: number } {
  const token = `{{${column}}}`;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}
