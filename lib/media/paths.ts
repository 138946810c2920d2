import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";

// Paths in the archive are made by the server alone: a task id from the upstream becomes a folder name
// only after a strict check (else its hash), and files are named by result index. No user text reaches a path.

const SAFE_ID = /^task_[A-Za-z0-9_-]{1,100}$/;

export function taskFolder(mediaDir: string, taskId: string): string {
  const name = SAFE_ID.test(taskId) ? taskId : `h_${createHash("sha256").update(taskId).digest("hex").slice(0, 32)}`;
  return path.join(path.resolve(mediaDir), name);
}

export const EXTENSION: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "video/mp4": "mp4",
};
