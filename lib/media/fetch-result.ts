import "server-only";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import sharp from "sharp";
import { env } from "@/lib/env";
import { RefusedFetch, safeFetch } from "@/lib/http/safe-fetch";
import { EXTENSION, taskFolder } from "./paths";
import { posterFrame } from "./poster";

export const THUMBNAIL_WIDTH = 480;

export interface ArchivedResult {
  file: string;
  thumbnail: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
}

/** Raised with a message safe to show and store: never the URL it came from. `gone`: retrying cannot help (410). */
export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly gone = false,
  ) {
    super(message);
  }
}

const MB = 1_048_576;
const maxBytesOf = (contentType: string) => (contentType.startsWith("video/") ? env.ARCHIVE_MAX_VIDEO_MB : env.ARCHIVE_MAX_IMAGE_MB) * MB;

/**
 * Downloads one result into the archive and makes its thumbnail (images) or poster (videos).
 * Written under a temporary name and renamed, so a crash never leaves a half file that looks complete.
 * `url` comes from the upstream's own answer about one of our tasks: nothing a browser chose (no open proxy).
 * It is still fetched through the SSRF guard (public HTTPS, size caps); `upstreamBaseUrl`'s own origin is exempt.
 */
// Archive paths are runtime data (MEDIA_DIR), not build inputs: the comments keep Next's file tracer off them.
export async function archiveResult({
  mediaDir,
  taskId,
  idx,
  url,
  upstreamBaseUrl,
  timeoutMs = 120_000,
}: {
  mediaDir: string;
  taskId: string;
  idx: number;
  url: string;
  upstreamBaseUrl?: string;
  timeoutMs?: number;
}): Promise<ArchivedResult> {
  let response: Response;
  try {
    response = await safeFetch(url, { trustedBaseUrl: upstreamBaseUrl, timeoutMs, maxBytes: maxBytesOf });
  } catch (error) {
    // Refused by policy: no retry can change that, so the attempt fails at once, with the reason.
    if (error instanceof RefusedFetch) throw new ArchiveError(`The result was not downloaded: ${error.message}`, true);
    throw new ArchiveError("The result could not be downloaded (network error or timeout).");
  }
  if (response.status === 404 || response.status === 410)
    throw new ArchiveError(`The upstream no longer has this result (HTTP ${response.status}).`, response.status === 410);
  if (!response.ok || !response.body) throw new ArchiveError(`The result download failed (HTTP ${response.status}).`);
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const ext = EXTENSION[contentType];
  if (!ext) {
    await response.body.cancel();
    throw new ArchiveError(`The result has an unexpected type (${contentType || "none"}).`);
  }

  const folder = taskFolder(mediaDir, taskId);
  await mkdir(/* turbopackIgnore: true */ folder, { recursive: true });
  const file = path.join(/* turbopackIgnore: true */ folder, `${idx}.${ext}`);
  const partial = `${file}.part`;
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(/* turbopackIgnore: true */ partial),
    );
    await rename(/* turbopackIgnore: true */ partial, file);
  } catch (error) {
    await rm(/* turbopackIgnore: true */ partial, { force: true });
    if (error instanceof RefusedFetch) throw new ArchiveError(`The result was not downloaded: ${error.message}`, true);
    throw new ArchiveError("The result download was interrupted.");
  }

  const thumbnail = path.join(folder, `${idx}.thumb.webp`);
  const isVideo = contentType.startsWith("video/");
  let width: number | null = null;
  let height: number | null = null;
  try {
    const source = isVideo ? await posterFrame(file) : file;
    const info = await sharp(source).metadata();
    width = info.width ?? null;
    height = info.height ?? null;
    await sharp(source).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 72 }).toFile(thumbnail);
  } catch {
    throw new ArchiveError(
      isVideo
        ? "The video was saved, but no poster frame could be made from it."
        : "The image was saved, but it could not be read to make a thumbnail.",
    );
  }
  return { file, thumbnail, contentType, bytes: (await stat(/* turbopackIgnore: true */ file)).size, width, height };
}
