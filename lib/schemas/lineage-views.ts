// What a task's page shows of where the task came from (lib/tasks/lineage-view.ts makes it; client-safe, no zod).
import type { TaskView } from "./views";

/** An earlier task this one extends or uses a result of; `task` is left out when the viewer may not see it. */
export interface LineageTaskSource {
  kind: "task";
  relation: "extends" | "input";
  taskId: string;
  task?: Pick<TaskView, "id" | "publicId" | "model" | "kind" | "prompt" | "thumbnailUrl">;
}

/** An image uploaded as an input, with Darkroom's thumbnail of it (kept after the upload's link ends). */
export interface LineageUploadSource {
  kind: "upload";
  uploadId: string;
  /** The field it went into, as the form names it ("Reference images 1"). */
  field: string;
  thumbnailUrl: string;
}

export type LineageSource = LineageTaskSource | LineageUploadSource;

/** Darkroom's URL of the thumbnail of an image uploaded as one of a task's inputs (behind the session). */
export const uploadInputUrl = (taskId: string, uploadId: string) =>
  `/api/media/${encodeURIComponent(taskId)}/inputs/${encodeURIComponent(uploadId)}`;
