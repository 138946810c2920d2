import "server-only";
import { database } from "@/lib/db";
import { getResults, getTaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { downloadName, fileResponse } from "@/lib/media/serve";
import { EXTENSION, smallThumbnailKey } from "@/lib/media/paths";
import { mediaStore } from "@/lib/media/store";

/** A result (or its thumbnail) of a task, from Darkroom's archive: the browser never talks to the upstream. */
export async function mediaResponse(
  request: Request,
  taskId: string,
  indexParam: string,
  variant: "file" | "thumbnail" | "small-thumbnail",
): Promise<Response> {
  const index = Number(indexParam);
  const task = Number.isInteger(index) && index >= 0 ? await getTaskRow(database().db, { id: taskId }) : undefined;
  const result = task ? (await getResults(database().db, { taskId })).find((r) => r.idx === index) : undefined;
  let file = variant === "file" ? result?.file : result?.thumbnail;
  if (!task || !result || !file) throw new AppError("not_found:media", "This result is not in the archive (yet).");
  // Results archived before the phones' width existed have only the 480 px thumbnail: that one answers.
  if (variant === "small-thumbnail" && (await mediaStore().exists(smallThumbnailKey(file)))) file = smallThumbnailKey(file);
  const contentType = variant === "file" ? (result.content_type ?? "application/octet-stream") : "image/webp";
  const download = variant === "file" && new URL(request.url).searchParams.get("download") === "1";
  return fileResponse(mediaStore(), file, {
    contentType,
    range: request.headers.get("range"),
    downloadName: download
      ? downloadName({
          model: task.model,
          createdAt: task.created_at,
          prompt: task.prompt,
          taskId,
          index,
          ext: EXTENSION[contentType] ?? "bin",
        })
      : undefined,
  });
}
