import "server-only";
import { database } from "@/lib/db";
import { getUpload } from "@/lib/db/uploads";
import { getTaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { fileResponse } from "@/lib/media/serve";
import { mediaStore } from "@/lib/media/store";
import { uploadThumbnailKey } from "@/lib/media/uploads/thumbnail";
import { parseParams } from "./task-views";
import { uploadsOf } from "./lineage";

/**
 * The thumbnail of an image uploaded as one of a task's inputs, served as the task's results are (mediaResponse,
 * results.ts): to whoever signed in may open the task's page. An upload is shown only through a task whose
 * request names it; one made before thumbnails were kept shows its own file while that lasts.
 */
export async function serveUploadInput({ taskId, uploadId }: { taskId: string; uploadId: string }): Promise<Response> {
  const db = database().db;
  const missing = () => new AppError("not_found:media", "This uploaded image is no longer kept.");
  const task = await getTaskRow(db, { id: taskId });
  if (!task) throw missing();
  if (!uploadsOf(parseParams(task.params) ?? {}).some((upload) => upload.uploadId === uploadId)) throw missing();
  const store = mediaStore();
  const thumbnail = uploadThumbnailKey(uploadId);
  if (await store.exists(thumbnail)) return privately(await fileResponse(store, thumbnail, { contentType: "image/webp", range: null }));
  const upload = await getUpload(db, { id: uploadId });
  if (!upload || !(await store.exists(upload.key))) throw missing();
  return privately(await fileResponse(store, upload.key, { contentType: upload.content_type, range: null }));
}

// The thumbnail never changes under its URL; only its viewer's session may read it.
function privately(response: Response): Response {
  response.headers.set("Cache-Control", "private, max-age=86400");
  return response;
}
