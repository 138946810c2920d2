import "server-only";
import type { Kysely } from "kysely";
import { fromDbBool } from "@/lib/db/booleans";
import { exportTaskPage, type ExportTaskRow, type TaskExportScope } from "@/lib/db/exports";
import type { Database } from "@/lib/db/schema";
import type { PagedSource } from "./paged-stream";

// One row per task: when, who (and through which of their access tokens), which model with what settings, the
// prompt, how it ended and what it cost.

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
    task_id: row.id,
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
  };
}

type TaskCursor = { createdAt: string; id: string };

export const taskSource = (
  db: Kysely<Database>,
  scope: TaskExportScope,
): Omit<PagedSource<TaskExport, TaskCursor>, "head" | "tail" | "format"> => ({
  readPage: async (after, limit) => (await exportTaskPage(db, { scope, after, limit })).map(taskExport),
  cursorOf: (row) => ({ createdAt: String(row.created_at), id: String(row.task_id) }),
});
