import "server-only";
import { createHash } from "node:crypto";

// Keys in the archive are made by the server alone: a task id from the upstream becomes a folder name
// only after a strict check (else its hash), and files are named by result index. No user text reaches a key.

const SAFE_ID = /^task_[A-Za-z0-9_-]{1,100}$/;

/** The key prefix (a folder, on the local store) of one task's results. */
export function taskFolder(taskId: string): string {
  return SAFE_ID.test(taskId) ? taskId : `h_${createHash("sha256").update(taskId).digest("hex").slice(0, 32)}`;
}

/** The keys of one result and its thumbnail (images) or poster (videos). */
export function resultKeys(taskId: string, idx: number, ext: string): { file: string; thumbnail: string } {
  const folder = taskFolder(taskId);
  return { file: `${folder}/${idx}.${ext}`, thumbnail: `${folder}/${idx}.thumb.webp` };
}

/**
 * Another width of a thumbnail, stored beside it (`0.thumb.webp` → `0.thumb-240.webp`). Derived from the
 * stored key, so no column records it; results archived before these widths existed have none, and the
 * media route then answers with what there is.
 */
export function thumbnailKeyAt(thumbnail: string, width: number): string {
  return thumbnail.replace(/\.thumb\.webp$/, `.thumb-${width}.webp`);
}

export const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "video/mp4": "mp4",
};
