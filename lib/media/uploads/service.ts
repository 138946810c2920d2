import "server-only";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { database } from "@/lib/db";
import { deleteUploads, getUpload, insertUpload, listExpiredUploads, type Upload } from "@/lib/db/uploads";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { UploadType, UploadView } from "@/lib/schemas/uploads";
import { fileResponse } from "@/lib/media/serve";
import { mediaStore } from "@/lib/media/store";
import { cleanImage } from "./image";
import { linkMode, NO_LINK_MESSAGE, tokenMatches, UPLOAD_TTL_MS, uploadPath } from "./link";
import { saveUploadThumbnail } from "./thumbnail";

const EXT_OF: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** Refuses an upload no link could serve, before its body is read: the answer says what to configure. */
export function assertUploadsAvailable(): void {
  if (linkMode() === "none") throw new AppError("conflict:uploads_unavailable", NO_LINK_MESSAGE);
}

/** Stores a cleaned copy of the image and answers the link the API will fetch. */
export async function saveUpload({ userId, bytes, name }: { userId: string; bytes: Uint8Array; name: string }): Promise<UploadView> {
  assertUploadsAvailable();
  const mode = linkMode();
  const image = await cleanImage(bytes, name);
  await removeExpiredUploads();
  const now = Date.now();
  const id = `up_${randomBytes(16).toString("hex")}`;
  const row: Upload = {
    id,
    user_id: userId,
    key: `uploads/${id}.${image.ext}`,
    content_type: image.type,
    size: image.data.byteLength,
    width: image.width,
    height: image.height,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + UPLOAD_TTL_MS).toISOString(),
  };
  const store = mediaStore();
  // The object first: a row always names a file that exists (a crash in between leaves an orphan object only).
  await store.put(row.key, Readable.from([image.data]), image.type);
  // The lineage's picture of it, best effort: an upload that could not get one still works as an input.
  await saveUploadThumbnail(store, id, image.data).catch((error: unknown) =>
    log.warn({ err: error, upload: id }, "could not store an upload's thumbnail; its tasks' lineage will show none"),
  );
  await insertUpload(database().db, row);
  const url =
    mode === "public"
      ? `${env.PUBLIC_BASE_URL}${uploadPath({ ...row, ext: image.ext })}`
      : await store.signedUrl!(row.key, Math.floor(UPLOAD_TTL_MS / 1000));
  return { id, url, expiresAt: row.expires_at, width: row.width, height: row.height, contentType: image.type, size: row.size };
}

const gone = () => new AppError("not_found:upload", "This upload link does not exist or has expired. Upload the image again.");

/** The file behind `/u/{id}/{token}.{ext}`, for whoever holds the link (the API), until it expires. */
export async function serveUpload({ id, file, range }: { id: string; file: string; range: string | null }): Promise<Response> {
  const match = /^([A-Za-z0-9_-]{20,100})\.(png|jpg|webp)$/.exec(file);
  const upload = match ? await getUpload(database().db, { id }) : undefined;
  if (!match || !upload || EXT_OF[upload.content_type] !== match[2] || !tokenMatches(match[1]!, upload)) throw gone();
  if (Date.parse(upload.expires_at) <= Date.now()) throw gone();
  const response = await fileResponse(mediaStore(), upload.key, { contentType: upload.content_type as UploadType, range });
  // Not for shared caches; the link itself ends at expires_at.
  response.headers.set("Cache-Control", "private, max-age=300");
  return response;
}

/** Forgets uploads whose links have ended and removes their files (a few at a time, on each new upload). */
export async function removeExpiredUploads({ limit = 20 }: { limit?: number } = {}): Promise<number> {
  const db = database().db;
  const expired = await listExpiredUploads(db, { before: new Date().toISOString(), limit });
  const store = mediaStore();
  const removed: string[] = [];
  for (const upload of expired) {
    try {
      await store.delete(upload.key);
      removed.push(upload.id);
    } catch (error) {
      log.warn({ err: error, upload: upload.id }, "could not remove an expired upload; will try again");
    }
  }
  await deleteUploads(db, { ids: removed });
  return removed.length;
}
