import "server-only";
import { pipeline, Readable } from "node:stream";
import { parse as csvParser, type Options as CsvOptions } from "csv-parse";
import { AppError } from "@/lib/errors";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS, type BatchFormat } from "@/lib/schemas/batches";
import { nestedDeeperThan } from "@/lib/json-depth";
import { jsonErrorOffset } from "./json-position";
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
const headerOnly = () =>
  new AppError("invalid:batch_file", "The file has a header row but no rows under it: nothing to make.", {
    file: "The file has only its header row.",
  });

/** What the bytes held beyond their size: whether any were not UTF-8 text (or were NUL, as UTF-16 without a BOM is). */
interface TextCheck {
  notText: boolean;
}

/**
 * The bytes as they arrive, refused at the size limit whatever was declared (counted as they stream, so a
 * 100 MB file is refused after 20 MB, none of it held), a UTF-16 BOM refused at once, and checked to be UTF-8
 * by a streaming decoder (a character split between chunks is whole again). A file that is not UTF-8 is
 * refused where its first bad cell is, which only the reader knows: `check` tells it the bytes were bad.
 */
async function* limited(input: AsyncIterable<Uint8Array>, check: TextCheck): AsyncGenerator<Uint8Array> {
  let size = 0;
  let start: Uint8Array | null = new Uint8Array(0);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const inspect = (chunk: Uint8Array, stream: boolean) => {
    if (check.notText) return;
    try {
      decoder.decode(chunk, { stream });
      if (chunk.includes(0)) check.notText = true;
    } catch {
      check.notText = true;
    }
  };
  for await (const chunk of input) {
    size += chunk.byteLength;
    if (size > MAX_BATCH_BYTES) throw tooLarge();
    if (start) {
      // The first two bytes, however the chunks fall: a UTF-16 BOM is refused before anything is read.
      start = Buffer.concat([start, chunk]);
      if (start.byteLength < 2) continue;
      if ((start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff)) {
        throw fileError(1, 1, "the file is UTF-16 text; save it as UTF-8 (CSV UTF-8 in Excel) and send it again.");
      }
      const first = start;
      start = null;
      inspect(first, true);
      yield first;
      continue;
    }
    inspect(chunk, true);
    yield chunk;
  }
  if (start?.byteLength) {
    inspect(start, true);
    yield start;
  }
  inspect(new Uint8Array(0), false);
}

/** Opens the file: reads up to its header (CSV, TSV) and answers its columns and a stream of its rows. */
export async function openBatchFile(input: AsyncIterable<Uint8Array>, format: BatchFormat): Promise<BatchFile> {
  const check: TextCheck = { notText: false };
  if (format === "variations") return variations(limited(input, check), check);
  if (format === "jsonl") return jsonLines(limited(input, check), check);
  return delimited(limited(input, check), format === "tsv" ? "\t" : ",", check);
}

const NOT_UTF8 = "save the file as UTF-8 (CSV UTF-8 in Excel) and send it again.";

/** Line breaks in a cell (CRLF, LF or CR each one), to find the line a row starts on and where a bad byte is. */
const breaks = (text: string) => text.match(/\r\n|\n|\r/g)?.length ?? 0;

/** Where in a record (starting on `line`) the first character that was not UTF-8 text is: its line and cell. */
function notUtf8(record: string[], line: number): { line: number; column: number } | null {
  let at = line;
  for (let i = 0; i < record.length; i++) {
    const cell = record[i]!;
    const bad = cell.search(/[\uFFFD\0]/);
    if (bad !== -1) return { line: at + breaks(cell.slice(0, bad)), column: i + 1 };
    at += breaks(cell);
  }
  return null;
}

/** A record as csv-parse hands it over, with the line it starts on. */
type CsvRecord = { record: string[]; line: number };

async function delimited(input: AsyncIterable<Uint8Array>, delimiter: string, check: TextCheck): Promise<BatchFile> {
  // csv-parse counts a CRLF inside quotes as two lines: lines are counted here, as each record is made (the
  // reader may be records behind), from where the last one ended, the empty lines skipped since, and the line
  // breaks inside the record's own cells.
  let ended = 0;
  let emptyLines = 0;
  const options: CsvOptions<CsvRecord, string[]> = {
    bom: true,
    delimiter,
    // CRLF, LF or CR, mixed in one file as editors leave them; a lone CR is not kept in a cell.
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 1024 * 1024,
    on_record: (record, info) => {
      const line = ended + 1 + (info.empty_lines - emptyLines);
      emptyLines = info.empty_lines;
      ended = line + record.reduce((sum, cell) => sum + breaks(cell), 0);
      return { record, line };
    },
  };
  // csv-parse types on_record as turning a record into the same type; ours adds its line.
  const parser = csvParser(options as unknown as CsvOptions);
  // pipeline, not pipe: an error of the bytes (over 20 MB, a client gone) reaches the reader instead of hanging it.
  pipeline(Readable.from(input), parser, () => {});
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<CsvRecord>;
  const read = async (): Promise<CsvRecord | null> => {
    let next: IteratorResult<CsvRecord>;
    try {
      next = await records.next();
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The record being read when it failed starts after the last one made, past any empty lines.
      const { empty_lines, column } = error as { empty_lines?: number; column?: number | string };
      const line = ended + 1 + Math.max(0, (empty_lines ?? emptyLines) - emptyLines);
      throw fileError(line, typeof column === "number" ? column + 1 : null, csvMessage(error as Error));
    }
    if (next.done) return null;
    const { record, line } = next.value;
    if (check.notText) {
      const bad = notUtf8(record, line);
      if (bad) throw fileError(bad.line, bad.column, `this is not UTF-8 text; ${NOT_UTF8}`);
    }
    return next.value;
  };
  const header = await read();
  if (!header) throw empty();
  const columns = header.record.map((name) => name.trim());
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (!name) throw fileError(header.line, i + 1, "a column has no name in the header row: name it, or delete the column.");
    if (seen.has(name)) throw fileError(header.line, i + 1, `two columns are named “${name}”: rename one.`);
    seen.add(name);
  });
  async function* rows(): AsyncGenerator<ParsedRow> {
    let count = 0;
    for (let next = await read(); next; next = await read()) {
      const { record, line } = next;
      // A row of empty cells (a spreadsheet's formatted but unused rows, `,,,`) holds nothing to make.
      if (record.every((cell) => cell.trim() === "")) continue;
      if (++count > MAX_BATCH_ROWS) throw tooMany();
      const cells = Object.fromEntries(columns.map((name, i) => [name, record[i] ?? ""]));
      const problem =
        record.length === columns.length ? undefined : `This row has ${record.length} cells; the header has ${columns.length}.`;
      yield { line, cells, ...(problem ? { problem } : {}) };
    }
    if (count === 0) throw headerOnly();
  }
  return { columns, rows: rows() };
}

function csvMessage(error: Error): string {
  const code = (error as { code?: string }).code;
  if (code === "CSV_QUOTE_NOT_CLOSED") return "a quoted cell is never closed: add its closing quote.";
  if (code === "CSV_INVALID_CLOSING_QUOTE") return 'a quote inside a quoted cell must be doubled ("").';
  if (code === "INVALID_OPENING_QUOTE") return 'a quote inside a cell: put the cell in quotes and double the quote ("a 12"" record").';
  if (code === "CSV_MAX_RECORD_SIZE") return "a row is over 1 MB.";
  return "this row cannot be read as CSV.";
}

async function jsonLines(input: AsyncIterable<Uint8Array>, check: TextCheck): Promise<BatchFile> {
  const lines = splitLines(input);
  const columns = new Set<string>();
  const pending: ParsedRow[] = [];
  // The columns are the keys of the first object; later objects may add their own.
  const first = await nextObject(lines, check);
  if (!first) throw empty();
  for (const key of Object.keys(first.cells)) columns.add(key);
  pending.push(first);
  async function* rows(): AsyncGenerator<ParsedRow> {
    let count = 0;
    for (let row = pending.shift() ?? (await nextObject(lines, check)); row; row = await nextObject(lines, check)) {
      if (++count > MAX_BATCH_ROWS) throw tooMany();
      yield row;
    }
  }
  return { columns: [...columns], rows: rows() };
}

/** A column as an editor counts it: characters (code points) before `offset` on its line, plus one. */
const columnAt = (text: string, offset: number) => {
  const lineStart = Math.max(text.lastIndexOf("\n", offset - 1), text.lastIndexOf("\r", offset - 1)) + 1;
  return [...text.slice(lineStart, offset)].length + 1;
};

/** Deeper than this, a line's value is refused: rendering a row walks it. */
const MAX_JSON_DEPTH = 64;

async function nextObject(lines: AsyncIterator<{ line: number; text: string }>, check: TextCheck): Promise<ParsedRow | undefined> {
  for (;;) {
    const next = await lines.next();
    if (next.done) return undefined;
    const { line, text } = next.value;
    if (text.trim() === "") continue;
    const bad = check.notText ? text.search(/[\uFFFD\0]/) : -1;
    if (bad !== -1) throw fileError(line, columnAt(text, bad), `this is not UTF-8 text; ${NOT_UTF8}`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // JSON.parse's message rarely says where (and its wording is V8's): the line is scanned for the place.
      const at = jsonErrorOffset(text);
      if (at === null) throw fileError(line, null, "this line is not valid JSON.");
      const what = at >= text.length ? "it ends before its value does" : `unexpected “${[...text.slice(at, at + 2)][0]}”`;
      throw fileError(line, columnAt(text, at), `this line is not valid JSON: ${what}.`);
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      throw fileError(line, columnAt(text, text.search(/\S/)), 'each line must be one JSON object, such as {"prompt": "a red car"}.');
    }
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw fileError(line, null, `this line nests deeper than ${MAX_JSON_DEPTH} levels.`);
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
    let start = 0;
    for (let end = buffer.indexOf("\n"); end !== -1; start = end + 1, end = buffer.indexOf("\n", start)) {
      yield { line: ++line, text: buffer.slice(start, end).replace(/\r$/, "") };
    }
    buffer = buffer.slice(start);
    if (buffer.length > 1024 * 1024) throw fileError(line + 1, null, "a line is over 1 MB.");
  }
  buffer += decoder.decode();
  if (buffer) yield { line: ++line, text: buffer.replace(/\r$/, "") };
}

const MAX_VARIATIONS_BYTES = 64 * 1024;

/** The variations text (at most 64 KiB) expanded: one row per prompt, with the choices it took. */
async function variations(input: AsyncIterable<Uint8Array>, check: TextCheck): Promise<BatchFile> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += chunk.byteLength;
    if (size > MAX_VARIATIONS_BYTES) throw new AppError("payload_too_large:batch_file", "A prompt with variations is at most 64 KiB.");
    chunks.push(chunk);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  // Where in the text (an offset) as a line and column, for a text of several lines.
  const at = (offset: number) => ({ line: 1 + breaks(text.slice(0, offset)), column: columnAt(text, offset) });
  const bad = check.notText ? text.search(/[\uFFFD\0]/) : -1;
  if (bad !== -1) {
    const { line, column } = at(bad);
    throw fileError(line, column, `this is not UTF-8 text; ${NOT_UTF8}`);
  }
  if (!text.trim()) {
    throw new AppError("invalid:batch_file", "Write a prompt with variations, such as a {red, green} car.", { file: "Empty." });
  }
  let made: ReturnType<typeof expandVariations>;
  try {
    made = expandVariations(text, { max: MAX_BATCH_ROWS });
  } catch (error) {
    if (!(error instanceof VariationError)) throw error;
    const { line, column } = at(error.column - 1);
    throw fileError(line, column, error.message);
  }
  async function* rows(): AsyncGenerator<ParsedRow> {
    let line = 0;
    for (const v of made) yield { line: ++line, cells: { prompt: v.prompt, variation: v.choices.join(" ") } };
  }
  return { columns: ["prompt", "variation"], rows: rows() };
}
