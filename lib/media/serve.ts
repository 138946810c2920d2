import "server-only";
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors";
import { MissingMedia, type MediaStore } from "./store";

const notInArchive = () => new AppError("not_found:media", "This file is not in the archive.");

/** The store's stream as a response body; an object removed between head and get is a 404, not a 500. */
async function body(store: MediaStore, key: string, range?: { start: number; end: number }): Promise<ReadableStream> {
  try {
    return Readable.toWeb(await store.get(key, range)) as ReadableStream;
  } catch (error) {
    throw error instanceof MissingMedia ? notInArchive() : error;
  }
}

/**
 * An object from the media store as a response, with single byte ranges (video players seek with them) and,
 * when `downloadName` is given, as an attachment with that name.
 */
export async function fileResponse(
  store: MediaStore,
  key: string,
  { contentType, range, downloadName }: { contentType: string; range: string | null; downloadName?: string },
): Promise<Response> {
  const size = (await store.head(key))?.size;
  if (size === undefined) throw notInArchive();
  const headers = new Headers({
    "Content-Type": contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=86400",
    "X-Content-Type-Options": "nosniff",
  });
  if (downloadName) headers.set("Content-Disposition", attachment(downloadName));
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (match && (match[1] || match[2])) {
    const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
    const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
    }
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(await body(store, key, { start, end }), { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  return new Response(await body(store, key), { status: 200, headers });
}

/** Words as a file name's part: "Ünïcode boards!" → "unicode-boards"; empty when nothing Latin is left. */
export function fileSlug(text: string, max = 40): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\[\[[a-z]+\]\]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/**
 * Content-Disposition for a download named `name` (a board's name may be any script): a safe ASCII name for old
 * clients, and the name itself (RFC 6266's filename*) for the rest.
 */
export function attachment(name: string, fallback = name): string {
  const ascii = fallback.replace(/[^\w.-]/g, "_");
  if (ascii === name) return `attachment; filename="${ascii}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_"))}`;
}

/** model_date_prompt-slug_task-id[_n].ext — readable, sortable, and safe on every file system. */
export function downloadName({
  model,
  createdAt,
  prompt,
  taskId,
  index,
  ext,
}: {
  model: string;
  createdAt: string;
  prompt: string | null;
  taskId: string;
  index: number;
  ext: string;
}): string {
  const parts = [model, createdAt.slice(0, 10), fileSlug(prompt ?? "") || "untitled", taskId, ...(index > 0 ? [String(index + 1)] : [])];
  return `${parts.join("_")}.${ext}`;
}
