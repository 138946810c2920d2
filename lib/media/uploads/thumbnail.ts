import "server-only";
import { Readable } from "node:stream";
import sharp from "sharp";
import type { MediaStore } from "@/lib/media/store";

// A small picture of each upload, kept when the upload's link ends and its file goes (24 h, link.ts): a task made
// from an upload shows what it was made from for as long as the task is kept (issue 45). About 10 KB each.

/** As wide as the lineage's thumbnails are shown at twice their size, at most. */
const WIDTH = 240;

export const uploadThumbnailKey = (uploadId: string) => `uploads/thumbnails/${uploadId}.webp`;

/** Stores the thumbnail of a cleaned upload (its pixels already oriented, its metadata gone). */
export async function saveUploadThumbnail(store: MediaStore, uploadId: string, image: Buffer): Promise<void> {
  const thumbnail = await sharp(image)
    .resize({ width: WIDTH, height: WIDTH, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await store.put(uploadThumbnailKey(uploadId), Readable.from([thumbnail]), "image/webp");
}
