// Uploaded input images, client-safe: the limits the upload control checks before sending (the server
// checks them again) and the shapes of `GET /api/uploads` and `POST /api/uploads`.

export { UPLOAD_MAX_BYTES } from "@/lib/http/body-limits.mjs";
export const UPLOAD_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** What the upload control needs to know before offering uploads. */
export type UploadCapability =
  | { available: true; maxBytes: number; types: readonly UploadType[] }
  /** `message` says exactly what to configure. */
  | { available: false; maxBytes: number; types: readonly UploadType[]; message: string };

/** The answer to an upload: `url` is the expiring link the API fetches; it goes into the field. */
export interface UploadView {
  id: string;
  url: string;
  expiresAt: string;
  width: number;
  height: number;
  contentType: UploadType;
  size: number;
}
