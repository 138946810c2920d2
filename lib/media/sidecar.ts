import "server-only";
import type { Selection } from "@/lib/db/downloads";
import { taskView, type TaskView } from "@/lib/tasks/task-views";
import { EXTENSION } from "./paths";
import { downloadName } from "./serve";
import type { MediaStore } from "./store";
import type { ZipEntry } from "./zip";

// What a bulk download holds besides the media: one JSON sidecar per task and an index.csv with one row
// per file. Requested ids that are unknown or hidden get a "missing" row, so the index accounts for
// every id that was asked for.

const COLUMNS = [
  "task_id",
  "model",
  "member",
  "status",
  "credits_reserved",
  "credits_used",
  "credits_refunded",
  "created_at",
  "completed_at",
  "file",
  "note",
] as const;
type CsvRow = Record<(typeof COLUMNS)[number], string | number | null>;

/** A cell a spreadsheet would run: `= + - @`, tab or CR first, possibly after spaces. */
const FORMULA_START = /^[ ]*[=+\-@\t\r]/;

/**
 * RFC 4180: a field with a comma, semicolon, quote or line break is quoted, quotes doubled. A text that a
 * spreadsheet would run as a formula gets a leading apostrophe so it is shown instead. A locale whose list
 * separator is `;` splits a comma-separated line at every `;`, ignoring quotes that do not open the line,
 * so each part after a `;` is neutralised the same way (`a;=cmd()` → `a;'=cmd()`).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string") {
    text = text
      .split(";")
      .map((part) => (FORMULA_START.test(part) ? `'${part}` : part))
      .join(";");
  }
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (row: CsvRow) => COLUMNS.map((column) => csvField(row[column])).join(",");

function row(view: TaskView | undefined, taskId: string, file: string | null, note: string): CsvRow {
  return {
    task_id: taskId,
    model: view?.model ?? null,
    member: view?.member.name ?? null,
    status: view?.status ?? "missing",
    credits_reserved: view?.credits.reserved ?? null,
    credits_used: view?.credits.used ?? null,
    credits_refunded: view?.credits.refunded ?? null,
    created_at: view?.createdAt ?? null,
    completed_at: view?.completedAt ?? null,
    file,
    note,
  };
}

/** What goes into the sidecar: the request as sent, who sent it, what it cost, when, and which files it made. */
export function sidecar(view: TaskView, files: string[]) {
  return {
    taskId: view.id,
    model: view.model,
    kind: view.kind,
    status: view.status,
    member: view.member,
    request: view.params,
    credits: view.credits,
    error: view.error,
    createdAt: view.createdAt,
    completedAt: view.completedAt,
    files,
  };
}

/** The ZIP's entries for the requested ids, in the order asked: each task's files, its sidecar, then index.csv. */
export async function downloadEntries(store: MediaStore, ids: string[], { tasks, results }: Selection): Promise<ZipEntry[]> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const entries: ZipEntry[] = [];
  const lines = [COLUMNS.join(",")];
  for (const id of ids) {
    const task = byId.get(id);
    if (!task) {
      lines.push(csvLine(row(undefined, id, null, "unknown or hidden task: not included")));
      continue;
    }
    const view = taskView(task);
    const name = (index: number, ext: string) =>
      downloadName({ model: task.model, createdAt: task.created_at, prompt: task.prompt, taskId: task.id, index, ext });
    const files: string[] = [];
    for (const result of results.get(id) ?? []) {
      const fileName = name(result.idx, EXTENSION[result.content_type ?? ""] ?? "bin");
      // Checked now rather than left to the archive: a missing file mid-stream would break the whole ZIP.
      const key = result.file;
      if (key && (await store.exists(key))) {
        entries.push({ name: fileName, open: () => store.get(key) });
        files.push(fileName);
        lines.push(csvLine(row(view, id, fileName, "")));
      } else {
        lines.push(csvLine(row(view, id, null, `result ${result.idx + 1} is missing from the archive`)));
      }
    }
    if (files.length === 0 && !results.get(id)?.length) lines.push(csvLine(row(view, id, null, "no archived result")));
    entries.push({ name: name(0, "json"), data: `${JSON.stringify(sidecar(view, files), null, 2)}\n` });
  }
  entries.push({ name: "index.csv", data: `${lines.join("\r\n")}\r\n` });
  return entries;
}
