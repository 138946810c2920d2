import "server-only";
import { database } from "@/lib/db";
import { batchResults, eachBatchRow, type Batch, type BatchRow } from "@/lib/db/batches";
import { attachment, fileSlug } from "@/lib/media/serve";
import { EXTENSION } from "@/lib/media/paths";
import { csvField } from "@/lib/media/sidecar";
import { mediaStore } from "@/lib/media/store";
import type { ZipEntry } from "@/lib/media/zip";
import { zipOf } from "@/lib/media/download-zip";
import { tasksVisibleTo, type Viewer } from "@/lib/policy/see";
import { mediaUrl } from "@/lib/schemas/views";
import { batchRowView } from "./view";

// What a batch made, to take away: a results file (CSV or JSON lines) with every row's key, task, status,
// credits and Darkroom's links to its results, and a ZIP of the results named by each row's key. Both are
// written a page of rows at a time, so a 10,000-row batch never sits whole in memory.

export type ResultsFormat = "csv" | "jsonl";

const CSV_COLUMNS = [
  "key",
  "line",
  "status",
  "task_id",
  "error_code",
  "credits_reserved",
  "credits_used",
  "credits_refunded",
  "result_urls",
];

export interface ResultLine {
  key: string;
  line: number;
  status: string;
  task_id: string | null;
  error_code: string | null;
  credits_reserved: number | null;
  credits_used: number | null;
  credits_refunded: number | null;
  result_urls: string[];
}

/**
 * How another reader is told the rows (the gateway's scripts: lib/gateway/batches.ts): its links to a result, and
 * each JSON line reshaped from Darkroom's (its own names, ids and statuses).
 */
export interface ResultsDialect {
  resultUrl: (taskId: string, index: number) => string;
  line: (line: ResultLine, row: BatchRow) => Record<string, unknown>;
}

/** The batch's rows a page at a time, with which of their tasks the viewer sees and those tasks' archived results. */
async function* rowPages(viewer: Viewer, batch: Batch) {
  const db = database().db;
  let page: BatchRow[] = [];
  const read = async () => {
    const rows = page;
    page = [];
    const visible = await tasksVisibleTo(
      db,
      viewer,
      rows.flatMap((row) => row.task_id ?? []),
    );
    return { rows, visible, results: await batchResults(db, { taskIds: [...visible] }) };
  };
  for await (const row of eachBatchRow(db, { id: batch.id })) {
    page.push(row);
    if (page.length === 500) yield await read();
  }
  if (page.length > 0) yield await read();
}

/** Rows a page at a time, each with its visible task's result links (absolute: Darkroom's on `origin`, or the dialect's). */
async function* resultLines(
  viewer: Viewer,
  batch: Batch,
  origin: string,
  dialect?: ResultsDialect,
): AsyncGenerator<{ line: ResultLine; row: BatchRow }[]> {
  for await (const { rows, visible, results } of rowPages(viewer, batch)) {
    yield rows.map((row) => {
      const view = batchRowView(row, visible);
      const line: ResultLine = {
        key: view.key,
        line: view.line,
        status: view.status,
        task_id: view.taskId,
        error_code: view.errorCode,
        credits_reserved: view.taskId ? row.credits_reserved : null,
        credits_used: view.taskId ? row.credits_used : null,
        credits_refunded: view.taskId ? row.credits_refunded : null,
        result_urls: (view.taskId ? (results.get(view.taskId) ?? []) : [])
          .filter((r) => r.file)
          .map((r) => (dialect ? dialect.resultUrl(view.taskId!, r.idx) : origin + mediaUrl(view.taskId!, r.idx))),
      };
      return { line, row };
    });
  }
}

function csvLine(line: ResultLine): string {
  return CSV_COLUMNS.map((column) => {
    const value = line[column as keyof ResultLine];
    return csvField(Array.isArray(value) ? value.join(" ") : (value as string | number | null));
  }).join(",");
}

/** The results file, streamed; formula-looking keys and codes are escaped as in every CSV Darkroom writes. */
export function resultsResponse(
  viewer: Viewer,
  batch: Batch,
  { format, origin, dialect }: { format: ResultsFormat; origin: string; dialect?: ResultsDialect },
): Response {
  const encoder = new TextEncoder();
  const lines = resultLines(viewer, batch, origin, dialect);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (format === "csv") controller.enqueue(encoder.encode(CSV_COLUMNS.join(",") + "\r\n"));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) return controller.close();
      const text = next.value
        .map(({ line, row }) =>
          format === "csv" ? csvLine(line) + "\r\n" : JSON.stringify(dialect ? dialect.line(line, row) : line) + "\n",
        )
        .join("");
      controller.enqueue(encoder.encode(text));
    },
  });
  const name = `${fileSlug(batch.name, 80) || "batch"}-results.${format}`;
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/jsonl; charset=utf-8",
      "Content-Disposition": attachment(name),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A key as a file name: its letters, digits, dots, dashes and underscores as they are (`SKU-001`), the rest as dashes. */
const keyName = (key: string) =>
  key
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 100);

/** Every archived result of the batch's visible tasks, named by its row's key (`-2` and on for a task's further results). */
export async function batchZip(viewer: Viewer, batch: Batch, signal: AbortSignal): Promise<Response> {
  const store = mediaStore();
  const entries: ZipEntry[] = [];
  const used = new Set<string>();
  for await (const { rows, visible, results } of rowPages(viewer, batch)) {
    for (const row of rows) {
      const made = row.task_id && visible.has(row.task_id) ? (results.get(row.task_id) ?? []) : [];
      for (const result of made) {
        const key = result.file;
        if (!key) continue;
        const base = `${keyName(row.key) || `row-${row.line}`}${result.idx > 0 ? `-${result.idx + 1}` : ""}`;
        // Two keys may read the same once made safe for a file name: the line tells them apart.
        const stem = used.has(base) ? `${base}-line-${row.line}` : base;
        used.add(stem);
        entries.push({ name: `${stem}.${EXTENSION[result.content_type ?? ""] ?? "bin"}`, open: () => store.get(key) });
      }
    }
  }
  return zipOf(entries, attachment(`${batch.name}.zip`, `${fileSlug(batch.name, 80) || "batch"}.zip`), signal);
}
