import "server-only";
import type { Kysely } from "kysely";
import { fromDbBool } from "@/lib/db/booleans";
import { exportTaskPage, type ExportTaskRow, type TaskExportScope } from "@/lib/db/exports";
import type { Database } from "@/lib/db/schema";
import { publicTaskId } from "@/lib/tasks/task-ids";
import type { PagedSource } from "./paged-stream";

// One row per task: when, who (and through which of their access tokens), which model with what settings, the
// prompt, how it ended, what it cost, and the batch (and row key) it was made by.

export const TASK_COLUMNS = [
  "task_id",
  "created_at",
  "member",
  "model",
  "settings",
  "prompt",
  "status",
  "credits_reserved",
  "credits_used",
  "credits_refunded",
  "error_code",
  "hidden",
  "via_token",
  "batch_id",
  "batch_key",
] as const;

export type TaskExport = Record<(typeof TASK_COLUMNS)[number], string | number | boolean | null>;

const number = (value: number | string | null) => (value === null ? null : Number(value));

/** Requests' fields but the model and prompt (their own columns): `duration=6; resolution=1080p; image_urls=2 items`. */
export function settingsSummary(params: string | null): string {
  let value: unknown;
  try {
    value = JSON.parse(params ?? "null");
  } catch {
    return "";
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return "";
  return Object.entries(value)
    .filter(([key, field]) => key !== "model" && key !== "prompt" && field !== null && field !== undefined)
    .map(([key, field]) => {
      if (Array.isArray(field)) return `${key}=${field.length} ${field.length === 1 ? "item" : "items"}`;
      if (typeof field === "object") return `${key}=${JSON.stringify(field)}`;
      return `${key}=${String(field)}`;
    })
    .join("; ");
}

export function taskExport(row: ExportTaskRow): TaskExport {
  return {
    // The id the gallery and the gateway show: the gateway's for a task a script made through it.
    task_id: publicTaskId(row),
    created_at: row.created_at,
    member: row.member_name ?? (row.user_id ? "Removed member" : null),
    model: row.model,
    settings: settingsSummary(row.params),
    prompt: row.prompt,
    status: row.status,
    credits_reserved: number(row.credits_reserved),
    credits_used: number(row.credits_used),
    credits_refunded: number(row.credits_refunded),
    error_code: row.error_code,
    hidden: fromDbBool(row.hidden),
    via_token: row.via_token ?? null,
    batch_id: row.batch_id ?? null,
    batch_key: row.batch_key ?? null,
  };
}

type TaskCursor = { createdAt: string; id: string };

export function taskSource(
  db: Kysely<Database>,
  scope: TaskExportScope,
): Omit<PagedSource<TaskExport, TaskCursor>, "head" | "tail" | "format"> {
  // Pages follow the tasks' own ids, which a row's task_id is not when it is the gateway's: each row's is kept aside.
  const cursors = new WeakMap<TaskExport, TaskCursor>();
  return {
    readPage: async (after, limit) =>
      (await exportTaskPage(db, { scope, after, limit })).map((row) => {
        const exported = taskExport(row);
        cursors.set(exported, { createdAt: row.created_at, id: row.id });
        return exported;
      }),
    cursorOf: (row) => cursors.get(row)!,
  };
}
