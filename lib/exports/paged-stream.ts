import "server-only";

// The one way an export is written: a web ReadableStream that reads the next page from the database only
// when the client has taken the previous one (highWaterMark 0: nothing is read ahead). A slow client
// therefore holds the reading back instead of piling rows up in memory; a client that hangs up cancels it.

export interface PagedSource<Row, Cursor> {
  /** Written before the first page (a CSV header row, `[`). */
  head: string;
  /** Written after the last page (`]`). */
  tail: string;
  /** The page after `after` (undefined: the first page). Fewer than `pageSize` rows means it is the last. */
  readPage: (after: Cursor | undefined, pageSize: number) => Promise<Row[]>;
  cursorOf: (row: Row) => Cursor;
  /** One row as text, with its separator (a line ending, a comma between JSON objects). */
  format: (row: Row, index: number) => string;
  pageSize?: number;
}

export const EXPORT_PAGE_SIZE = 500;

export function pagedStream<Row, Cursor>(source: PagedSource<Row, Cursor>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pageSize = source.pageSize ?? EXPORT_PAGE_SIZE;
  let after: Cursor | undefined;
  let written = 0;
  let started = false;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const rows = await source.readPage(after, pageSize);
        if (cancelled) return;
        let text = started ? "" : source.head;
        started = true;
        for (const row of rows) text += source.format(row, written++);
        const last = rows.length < pageSize;
        if (!last) after = source.cursorOf(rows[rows.length - 1]!);
        if (last) text += source.tail;
        if (text) controller.enqueue(encoder.encode(text));
        if (last) controller.close();
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
}
