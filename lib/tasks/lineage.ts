import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { getTaskSources } from "@/lib/db/task-sources";
import type { TaskRow } from "@/lib/db/tasks";
import { RESULT_REFERENCE } from "@/lib/models/urls";

export interface Source {
  taskId: string;
  relation: "extends" | "input";
}

/**
 * The earlier tasks a request is made from, read before its result references are resolved: the task an
 * extension continues (`parent_task_id`) and every task whose result it names as an input.
 */
export function sourcesOf(request: Record<string, unknown>): Source[] {
  const sources = new Map<string, Source["relation"]>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      const taskId = RESULT_REFERENCE.exec(value)?.[1];
      if (taskId && !sources.has(taskId)) sources.set(taskId, "input");
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  if (typeof request.parent_task_id === "string") sources.set(request.parent_task_id, "extends");
  walk(request);
  return [...sources].map(([taskId, relation]) => ({ taskId, relation }));
}

/**
 * An upload's id in Darkroom's link to it (`…/u/up_…/{token}.png`) or in a presigned S3 link to its object
 * (`…/uploads/up_….png?X-Amz-…`): the two links saveUpload hands out (lib/media/uploads/service.ts).
 */
const UPLOAD_LINK =
  /^https?:\/\/[^\s]*\/(?:u\/(up_[0-9a-f]{32})\/[A-Za-z0-9_-]{20,100}\.(?:png|jpg|webp)|uploads\/(up_[0-9a-f]{32})\.(?:png|jpg|webp)(?:\?[^\s]*)?)$/;

/** An image uploaded as an input: its id, and where in the request it went (`["image_urls", 0]`). */
export interface UploadInput {
  uploadId: string;
  path: (string | number)[];
}

/** Every upload a request names, in the request's order, each once. */
export function uploadsOf(request: Record<string, unknown>): UploadInput[] {
  const found = new Map<string, UploadInput>();
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === "string") {
      const match = UPLOAD_LINK.exec(value);
      const uploadId = match?.[1] ?? match?.[2];
      if (uploadId && !found.has(uploadId)) found.set(uploadId, { uploadId, path });
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(request, []);
  return [...found.values()];
}

/** What a recorded task was made from; a task Darkroom did not submit (imported) can still name the task it extends. */
export async function sourcesOfTask(db: Kysely<Database>, task: Pick<TaskRow, "submission_id" | "params">): Promise<Source[]> {
  if (task.submission_id) {
    const rows = await getTaskSources(db, { submissionId: task.submission_id });
    if (rows.length > 0) return rows.map((row) => ({ taskId: row.source_task_id, relation: row.relation }));
  }
  try {
    return task.params ? sourcesOf(JSON.parse(task.params) as Record<string, unknown>) : [];
  } catch {
    return [];
  }
}
