import "server-only";
import { database } from "@/lib/db";
import { getResults, getTaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { downloadName, fileResponse } from "@/lib/media/serve";
import { EXTENSION, thumbnailKeyAt } from "@/lib/media/paths";
import { PREVIEW_WIDTH, SMALL_THUMBNAIL_WIDTH } from "@/lib/media/widths";
import { mediaStore } from "@/lib/media/store";

/**
 * What a media URL names: the result itself, its thumbnail (480 px), or the thumbnail at another width stored
 * beside it (the grid's 240 px, the task page's fitted 1280 px view of an image).
 */
export type MediaVariant = "file" | "thumbnail" | typeof SMALL_THUMBNAIL_WIDTH | typeof PREVIEW_WIDTH;

// ?w=240: the phones' width (the grid's srcset); ?w=1280: the task page's fitted view of an image; any other
// value, or none, the 480 px thumbnail.
const WIDTHS = new Map<string | null, MediaVariant>([
  [String(SMALL_THUMBNAIL_WIDTH), SMALL_THUMBNAIL_WIDTH],
  [String(PREVIEW_WIDTH), PREVIEW_WIDTH],
]);

/** The thumbnail a request's `?w=` names. */
export const thumbnailVariant = (request: Request): MediaVariant => WIDTHS.get(new URL(request.url).searchParams.get("w")) ?? "thumbnail";

/** A result (or its thumbnail) of a task, from Darkroom's archive: the browser never talks to the upstream. */
export async function mediaResponse(
  request: Request,
  taskId: string,
  indexParam: string,
  variant: MediaVariant,
  // A share link's download: asked by the link (its query string is not passed on), named with the prompt only
  // when the link shows it.
  shared?: { download: boolean; showPrompt: boolean },
): Promise<Response> {
  const index = Number(indexParam);
  const task = Number.isInteger(index) && index >= 0 ? await getTaskRow(database().db, { id: taskId }) : undefined;
  const result = task ? (await getResults(database().db, { taskId })).find((r) => r.idx === index) : undefined;
  let file = variant === "file" ? result?.file : result?.thumbnail;
  if (!task || !result || !file) throw new AppError("not_found:media", "This result is not in the archive (yet).");
  let original = variant === "file";
  if (typeof variant === "number") {
    const sized = thumbnailKeyAt(file, variant);
    // Results archived before these widths existed: the grid gets the 480 px thumbnail, the fitted view the
    // original (a 480 px picture would look blurred there).
    if (await mediaStore().exists(sized)) file = sized;
    else if (variant === PREVIEW_WIDTH && result.file) [file, original] = [result.file, true];
  }
  const contentType = original ? (result.content_type ?? "application/octet-stream") : "image/webp";
  const download = variant === "file" && (shared?.download ?? new URL(request.url).searchParams.get("download") === "1");
  return fileResponse(mediaStore(), file, {
    contentType,
    range: request.headers.get("range"),
    downloadName: download
      ? downloadName({
          model: task.model,
          createdAt: task.created_at,
          prompt: shared && !shared.showPrompt ? null : task.prompt,
          taskId,
          index,
          ext: EXTENSION[contentType] ?? "bin",
        })
      : undefined,
  });
}
