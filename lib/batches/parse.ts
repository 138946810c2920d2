import "server-only";
import { Readable } from "node:stream";
import { parse as csvParser } from "csv-parse";
import { AppError } from "@/lib/errors";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS, type BatchFormat } from "@/lib/schemas/batches";
import { expandVariations, VariationError } from "./permutations";

// A batch's file read as it streams in: CSV and TSV through csv-parse (the field's standard parser, with its
// quotes, escaped quotes and line breaks inside quotes), JSON lines one at a time, or a prompt with variations.
// Only the current row is held, never the file: the caller keeps what it needs of each row.

/** One row: its line in the file (where it starts), and its cells by column name. */
export interface ParsedRow {
  line: number;
  cells: Record<string, unknown>;
  /** Something wrong with the row as a whole (a ragged row); the batch lists it as invalid. */
  problem?: string;
}

export interface BatchFile {
  columns: string[];
  rows: AsyncIterable<ParsedRow>;
}

/** A file that cannot be read, at a line and column: nothing of it is used. */
export function fileError(line: number, column: number | null, message: string): AppError {
  const where = column === null ? `Line ${line}` : `Line ${line}, column ${column}`;
  return new AppError("invalid:batch_file", `${where}: ${message}`, { file: `${where}: ${message}` });
}

const tooLarge = () =>
  new AppError("payload_too_large:batch_file", `The file is over ${MAX_BATCH_BYTES / 1024 / 1024} MB; split it into smaller batches.`);
const tooMany = () =>
  new AppError(
    "invalid:batch_rows",
    `The file has more than ${MAX_BATCH_ROWS.toLocaleString("en")} rows; a batch takes at most ${MAX_BATCH_ROWS.toLocaleString("en")}: split it.`,
  );
const empty = () => new AppError("invalid:batch_file", "The file is empty: it has no rows to make.", { file: "The file is empty." });

/** The bytes as they arrive, refused at the size limit whatever was declared, and checked to be UTF-8 text. */
async function* limited(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let size = 0;
  let first = true;
  for await (const chunk of input) {
    if (first && chunk.byteLength >= 2) {
      first = false;
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw fileError(1, 1, "the file is UTF-16 text; save it as UTF-8 (CSV UTF-8 in Excel) and send it again.");
      }
    }
    size += chunk.byteLength;
    if (size > MAX_BATCH_BYTES) throw tooLarge();
    yield chunk;
  }
}

/** Opens the file: reads up to its header (CSV, TSV) and answers its columns and a stream of its rows. */
export async function openBatchFile(input: AsyncIterable<Uint8Array>, format: BatchFormat): Promise<BatchFile> {
  if (format === "variations") return variations(input);
  if (format === "jsonl") return jsonLines(limited(input));
  return delimited(limited(input), format === "tsv" ? "\t" : ",");
}

/** The first column holding a replacement character: bytes that were not UTF-8. */
function notUtf8(values: string[]): number | null {
  const index = values.findIndex((value) => value.includes("\uFFFD"));
  return index === -1 ? null : index + 1;
}

async function delimited(input: AsyncIterable<Uint8Array>, delimiter: string): Promise<BatchFile> {
  const parser = Readable.from(input).pipe(
    csvParser({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: 1024 * 1024 }),
  );
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  const read = async () => {
    try {
      return await records.next();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const { lines, column } = error as { lines?: number; column?: number | string };
      throw fileError(lines ?? 1, typeof column === "number" ? column + 1 : null, csvMessage(error as Error));
    }
  };
  const header = await read();
  if (header.done) throw empty();
  const columns = header.value.record.map((name) => name.trim());
  const bad = notUtf8(columns);
  if (bad !== null) throw fileError(header.value.info.lines, bad, "this is not UTF-8 text; save the file as UTF-8 and send it again.");
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (!name) throw fileError(header.value.info.lines, i + 1, "a column has no name in the header row.");
    if (seen.has(name)) throw fileError(header.value.info.lines, i + 1, `two columns are named “${name}”.`);
    seen.add(name);
  });
  let previousEnd = header.value.info.lines;
  async function* rows(): AsyncGenerator<ParsedRow> {
    let count = 0;
    for (;;) {
      const next = await read();
      if (next.done) break;
      const { record, info } = next.value;
      // A quoted cell may span lines: the row starts after the previous one ended (empty lines skipped).
      const line = Math.min(previousEnd + 1, info.lines);
      previousEnd = info.lines;
      if (++count > MAX_BATCH_ROWS) throw tooMany();
      const wrong = notUtf8(record);
      if (wrong !== null) throw fileError(line, wrong, "this is not UTF-8 text; save the file as UTF-8 and send it again.");
      const cells = Object.fromEntries(columns.map((name, i) => [name, record[i] ?? ""]));
      const problem =
        record.length === columns.length ? undefined : `This row has ${record.length} cells; the header has ${columns.length}.`;
      yield { line, cells, ...(problem ? { problem } : {}) };
    }
    if (count === 0) throw empty();
  }
  return { columns, rows: rows() };
}

function csvMessage(error: Error): string {
  const code = (error as { code?: string }).code;
  if (code === "CSV_QUOTE_NOT_CLOSED") return "a quoted cell is never closed: add its closing quote.";
  if (code === "CSV_INVALID_CLOSING_QUOTE") return 'a quote inside a quoted cell must be doubled ("").';
  if (code === "CSV_MAX_RECORD_SIZE") return "a row is over 1 MB.";
  return "this row cannot be read as CSV.";
}

async function jsonLines(input: AsyncIterable<Uint8Array>): Promise<BatchFile> {
  const lines = splitLines(input);
  const columns = new Set<string>();
  const pending: ParsedRow[] = [];
  // The columns are the keys of the first object; later objects may add their own.
  const first = await nextObject(lines);
  if (!first) throw empty();
  for (const key of Object.keys(first.cells)) columns.add(key);
  pending.push(first);
  async function* rows(): AsyncGenerator<ParsedRow> {
    let count = 0;
    for (let row = pending.shift() ?? (await nextObject(lines)); row; row = await nextObject(lines)) {
      if (++count > MAX_BATCH_ROWS) throw tooMany();
      yield row;
    }
  }
  return { columns: [...columns], rows: rows() };
}

async function nextObject(lines: AsyncIterator<{ line: number; text: string }>): Promise<ParsedRow | undefined> {
  for (;;) {
    const next = await lines.next();
    if (next.done) return undefined;
    const { line, text } = next.value;
    if (text.trim() === "") continue;
    if (text.includes("\uFFFD")) throw fileError(line, text.indexOf("\uFFFD") + 1, "this is not UTF-8 text; save the file as UTF-8.");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const position = /position (\d+)/.exec((error as Error).message)?.[1];
      throw fileError(line, position === undefined ? null : Number(position) + 1, "this line is not valid JSON.");
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) throw fileError(line, 1, "each line must be one JSON object.");
    return { line, cells: value as Record<string, unknown> };
  }
}

/** Lines of UTF-8 text as they arrive (a BOM dropped, CRLF or LF), numbered from 1. */
async function* splitLines(input: AsyncIterable<Uint8Array>): AsyncGenerator<{ line: number; text: string }> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  let buffer = "";
  let line = 0;
  for await (const chunk of input) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n")) !== -1) {
      yield { line: ++line, text: buffer.slice(0, end).replace(/\r$/, "") };
      buffer = buffer.slice(end + 1);
    }
    if (buffer.length > 1024 * 1024) throw fileError(line + 1, null, "a line is over 1 MB.");
  }
  buffer += decoder.decode();
  if (buffer) yield { line: ++line, text: buffer.replace(/\r$/, "") };
}

/** The variations text (at most 64 KiB) expanded: one row per prompt, with the choices it took. */
async function variations(input: AsyncIterable<Uint8Array>): Promise<BatchFile> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += chunk.byteLength;
    if (size > 64 * 1024) throw new AppError("payload_too_large:batch_file", "A prompt with variations is at most 64 KiB.");
    chunks.push(chunk);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks)).trim();
  if (!text) throw new AppError("invalid:batch_file", "Write a prompt with variations, such as a {red, green} car.", { file: "Empty." });
  let made: ReturnType<typeof expandVariations>;
  try {
    made = expandVariations(text, { max: MAX_BATCH_ROWS });
  } catch (error) {
    if (error instanceof VariationError) throw fileError(1, error.column, error.message);
    throw error;
  }
  async function* rows(): AsyncGenerator<ParsedRow> {
    let line = 0;
    for (const v of made) yield { line: ++line, cells: { prompt: v.prompt, variation: v.choices.join(" ") } };
  }
  return { columns: ["prompt", "variation"], rows: rows() };
}
