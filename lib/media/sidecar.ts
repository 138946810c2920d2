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
  "prompt",
] as const;
type CsvRow = Record<(typeof COLUMNS)[number], string | number | null>;
type Cell = string | number | null;

/** Request fields with a column of their own already (model, prompt); every other setting gets one, named as in the request. */
const OWN_COLUMN = new Set(["model", "prompt"]);

/** One column per setting any selected task's request carries, in a stable order, so a spreadsheet can sort or filter on it. */
export function settingColumns(views: TaskView[]): string[] {
  const keys = new Set<string>();
  for (const view of views) for (const key of Object.keys(view.params ?? {})) if (!OWN_COLUMN.has(key)) keys.add(key);
  return [...keys].sort();
}

/** A setting as one cell: numbers and words as they are, lists and objects (image references) as JSON. */
function settingCell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * Where a spreadsheet may start reading a cell: the cell's start, after a `;` (a locale whose list separator
 * is `;` splits a comma-separated line there, ignoring quotes that do not open the line), and after a line
 * break (a reader that splits lines before quotes sees a new row there), if what follows would run: `= + - @`,
 * tab or CR, possibly after spaces.
 */
const FORMULA_START = /(?<=^|[;\r\n])(?=[ ]*[=+\-@\t\r])/g;

/**
 * RFC 4180: a field with a comma, semicolon, quote or line break is quoted, quotes doubled. Every part of a
 * text that a spreadsheet would run as a formula gets a leading apostrophe so it is shown instead
 * (`a;=cmd()` → `a;'=cmd()`, `caption\n=cmd()` → `caption\n'=cmd()`). Every CSV Darkroom writes goes through here.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "string" ? value.replace(FORMULA_START, "'") : String(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (row: CsvRow, settings: string[] = [], params: Record<string, unknown> | null = null) =>
  [...COLUMNS.map((column) => csvField(row[column])), ...settings.map((key) => csvField(settingCell(params?.[key])))].join(",");

/** The header of index.csv: the fixed columns, then one per setting (prefixed so a setting never shadows a fixed column). */
export const csvHeader = (settings: string[]) => [...COLUMNS, ...settings.map((key) => `setting_${key}`)].map(csvField).join(",");

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
    prompt: view?.prompt ?? null,
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
  const views = new Map(tasks.map((task) => [task.id, taskView(task)]));
  const settings = settingColumns([...views.values()]);
  const entries: ZipEntry[] = [];
  const lines = [csvHeader(settings)];
  for (const id of ids) {
    const task = byId.get(id);
    const view = views.get(id);
    if (!task || !view) {
      lines.push(csvLine(row(undefined, id, null, "unknown or hidden task: not included"), settings));
      continue;
    }
    const line = (file: string | null, note: string) => csvLine(row(view, id, file, note), settings, view.params);
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
        lines.push(line(fileName, ""));
      } else {
        lines.push(line(null, `result ${result.idx + 1} is missing from the archive`));
      }
    }
    if (files.length === 0 && !results.get(id)?.length) lines.push(line(null, "no archived result"));
    entries.push({ name: name(0, "json"), data: `${JSON.stringify(sidecar(view, files), null, 2)}\n` });
  }
  entries.push({ name: "index.csv", data: `${lines.join("\r\n")}\r\n` });
  return entries;
}
