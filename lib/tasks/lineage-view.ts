import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import type { ListedTask } from "@/lib/db/task-list";
import { formSpecs } from "@/lib/models/form-specs";
import { tasksVisibleTo, type Viewer } from "@/lib/policy/see";
import { uploadInputUrl, type LineageSource } from "@/lib/schemas/lineage-views";
import { sourcesOfTask, uploadsOf } from "./lineage";
import { findListedTask } from "./task-ids";
import { parseParams, taskView } from "./task-views";

/**
 * Everything a task was made from, as its page shows it: the earlier tasks it extends or uses results of (named
 * and pictured when the viewer sees them), then the images uploaded as its inputs, each with its thumbnail.
 */
export async function lineageOf(db: Kysely<Database>, { task, viewer }: { task: ListedTask; viewer: Viewer }): Promise<LineageSource[]> {
  const sources = await sourcesOfTask(db, task);
  const visible = await tasksVisibleTo(
    db,
    viewer,
    sources.map((source) => source.taskId),
  );
  const tasks = await Promise.all(
    sources.map(async ({ taskId, relation }): Promise<LineageSource> => {
      const row = visible.has(taskId) ? await findListedTask(db, taskId) : undefined;
      if (!row) return { kind: "task", relation, taskId };
      const { id, publicId, model, kind, prompt, thumbnailUrl } = taskView(row);
      return { kind: "task", relation, taskId, task: { id, publicId, model, kind, prompt, thumbnailUrl } };
    }),
  );
  const params = parseParams(task.params) ?? {};
  const uploads = uploadsOf(params).map(({ uploadId, path }): LineageSource => ({
    kind: "upload",
    uploadId,
    field: fieldName(task.model, typeof params.mode === "string" ? params.mode : undefined, path),
    thumbnailUrl: uploadInputUrl(task.id, uploadId),
  }));
  return [...tasks, ...uploads];
}

/** "Reference images 1": the form's label of the field at `path`, numbered within a list; the raw key otherwise. */
export function fieldName(model: string, mode: string | undefined, path: (string | number)[]): string {
  const [name, index] = path;
  const spec = formSpecs().find((form) => form.model === model && form.mode === mode);
  const label = spec?.fields.find((field) => field.name === name)?.meta.label ?? String(name ?? "input").replaceAll("_", " ");
  return typeof index === "number" ? `${label} ${index + 1}` : label;
}
