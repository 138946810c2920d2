import "server-only";
import { csvField } from "@/lib/media/sidecar";
import { pagedStream, type PagedSource } from "./paged-stream";

// CSV (RFC 4180: CRLF line ends, quoted fields, formula-safe cells through the same csvField as the ZIP's
// index.csv) or JSON (one array, written element by element as the pages arrive).

export type ExportFormat = "csv" | "json";
type Cell = string | number | boolean | null;
type Source<Row, Cursor> = Omit<PagedSource<Row, Cursor>, "head" | "tail" | "format">;

const cell = (value: Cell) => csvField(typeof value === "boolean" ? String(value) : value);

export function csvStream<Row extends Record<string, Cell>, Cursor>(
  columns: readonly (keyof Row & string)[],
  source: Source<Row, Cursor>,
  { bom = false }: { bom?: boolean } = {},
): ReadableStream<Uint8Array> {
  return pagedStream({
    ...source,
    head: `${bom ? "\uFEFF" : ""}${columns.join(",")}\r\n`,
    tail: "",
    format: (row) => `${columns.map((column) => cell(row[column] ?? null)).join(",")}\r\n`,
  });
}

export function jsonStream<Row, Cursor>(source: Source<Row, Cursor>): ReadableStream<Uint8Array> {
  return pagedStream({
    ...source,
    head: "[",
    tail: "\n]\n",
    format: (row, index) => `${index === 0 ? "" : ","}\n${JSON.stringify(row)}`,
  });
}

export function exportResponse(body: ReadableStream<Uint8Array>, { format, name }: { format: ExportFormat; name: string }): Response {
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8; header=present" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.${format}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
