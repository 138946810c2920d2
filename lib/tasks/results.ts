import "server-only";
import { database } from "@/lib/db";
import { getResults, getTaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { downloadName, fileResponse } from "@/lib/media/serve";
import { EXTENSION } from "@/lib/media/paths";
import { mediaStore } from "@/lib/media/store";

/** A result (or its thumbnail) of a task, from Darkroom's archive: the browser never talks to the upstream. */
export async function mediaResponse(
  request: Request,
  taskId: string,
  indexParam: string,
  variant: "file" | "thumbnail",
): Promise<Response> {
  const index = Number(indexParam);
  const task = Number.isInteger(index) && index >= 0 ? await getTaskRow(database().db, { id: taskId }) : undefined;
  const result = task ? (await getResults(database().db, { taskId })).find((r) => r.idx === index) : undefined;
  const file = variant === "thumbnail" ? result?.thumbnail : result?.file;
  if (!task || !result || !file) throw new AppError("not_found:media", "This result is not in the archive (yet).");
  const contentType = variant === "thumbnail" ? "image/webp" : (result.content_type ?? "application/octet-stream");
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
