import "server-only";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import sharp from "sharp";
import { env } from "@/lib/env";
import { RefusedFetch, safeFetch } from "@/lib/http/safe-fetch";
import { log } from "@/lib/log";
import { EXTENSION, resultKeys, thumbnailKeyAt } from "./paths";
import { PREVIEW_WIDTH, SMALL_THUMBNAIL_WIDTH } from "./widths";
import { renditions, type Renditions } from "./renditions";
import { posterFrame } from "./poster";
import { videoRefusal } from "./video-check";
import type { MediaStore } from "./store";

export interface ArchivedResult {
  /** Media-store keys, relative: what the database keeps. */
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
 * Downloads one result into the media store and makes its thumbnail (images) or poster (videos).
 * The download lands in a local scratch file first: sharp and ffmpeg read files, and the store then
 * receives a complete, checked file (the store itself never exposes a half-written object). A video that is
 * not an MP4 with listed codecs (lib/media/video-check.ts) is refused before anything decodes it.
 * `url` comes from the upstream's own answer about one of our tasks: nothing a browser chose (no open proxy).
 * It is still fetched through the SSRF guard (public HTTPS, size caps); `upstreamBaseUrl`'s own origin is exempt.
 */
// Scratch paths are runtime data, not build inputs: the comments keep Next's file tracer off them.
export async function archiveResult({
  store,
  taskId,
  idx,
  url,
  upstreamBaseUrl,
  timeoutMs = 120_000,
}: {
  store: MediaStore;
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

  const keys = resultKeys(taskId, idx, ext);
  const scratch = await mkdtemp(path.join(/* turbopackIgnore: true */ os.tmpdir(), "darkroom-archive-"));
  const local = path.join(/* turbopackIgnore: true */ scratch, `${idx}.${ext}`);
  try {
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(/* turbopackIgnore: true */ local),
      );
    } catch (error) {
      // The size cap is enforced while the body streams: past it, the guard aborts with a refusal.
      if (error instanceof RefusedFetch) throw new ArchiveError(`The result was not downloaded: ${error.message}`, true);
      throw new ArchiveError("The result download was interrupted.");
    }

    const isVideo = contentType.startsWith("video/");
    // Nothing decodes a video until its container and codecs are known to be the MP4 the spec names.
    const refused = isVideo ? await videoRefusal(local) : undefined;
    if (refused) throw new ArchiveError(refused, true);
    let width: number | null = null;
    let height: number | null = null;
    let pictures: Renditions;
    try {
      const source = isVideo ? await posterFrame(local) : local;
      const info = await sharp(source).metadata();
      width = info.width ?? null;
      height = info.height ?? null;
      pictures = await renditions(source, { isVideo });
    } catch {
      throw new ArchiveError(
        isVideo
          ? "The video was downloaded, but no poster frame could be made from it."
          : "The image was downloaded, but it could not be read to make a thumbnail.",
      );
    }

    try {
      await store.put(keys.file, createReadStream(/* turbopackIgnore: true */ local), contentType);
      await store.put(keys.thumbnail, Readable.from([pictures.thumbnail]), "image/webp");
      await store.put(thumbnailKeyAt(keys.thumbnail, SMALL_THUMBNAIL_WIDTH), Readable.from([pictures.small]), "image/webp");
      if (pictures.preview) await store.put(thumbnailKeyAt(keys.thumbnail, PREVIEW_WIDTH), Readable.from([pictures.preview]), "image/webp");
    } catch (error) {
      // The store's own error may name its endpoint or folder: logged by code only, said plainly.
      log.warn({ err: { name: (error as Error).name, code: (error as NodeJS.ErrnoException).code }, taskId }, "media store write failed");
      throw new ArchiveError("The result was downloaded, but the media store could not save it.");
    }
    const bytes = (await stat(/* turbopackIgnore: true */ local)).size;
    return { ...keys, contentType, bytes, width, height };
  } finally {
    await rm(/* turbopackIgnore: true */ scratch, { recursive: true, force: true });
  }
}
