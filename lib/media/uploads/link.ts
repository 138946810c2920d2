import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { env, type Env } from "@/lib/env";
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadCapability } from "@/lib/schemas/uploads";

// How the API reaches an uploaded image. The API takes only URLs it can fetch, so Darkroom hands it one of:
// - `${PUBLIC_BASE_URL}/u/{id}/{token}.{ext}`, served by Darkroom without a session: the token is an HMAC
//   of the id and the expiry under the app's secret, so a link cannot be guessed, altered or extended;
// - a presigned GET of the object when the media store is S3 (and PUBLIC_BASE_URL is unset).
// With neither, uploads are refused up front with what to configure, instead of a task failing later.

/** How long an uploaded image stays fetchable: long enough for a submission that waits in the queue. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export const NO_LINK_MESSAGE =
  "Uploads need an address the API can fetch the image from. Set PUBLIC_BASE_URL to this dashboard's public HTTPS address, " +
  "or use S3 storage (MEDIA_STORE=s3 with a bucket on AWS or another HTTPS endpoint).";

export type LinkMode = "public" | "s3" | "none";

/** PUBLIC_BASE_URL first (the admin said where Darkroom is reachable), then presigned S3 links. */
export function linkMode(config: Pick<Env, "PUBLIC_BASE_URL" | "MEDIA_STORE" | "S3_ENDPOINT"> = env): LinkMode {
  if (config.PUBLIC_BASE_URL) return "public";
  if (config.MEDIA_STORE !== "s3") return "none";
  if (!config.S3_ENDPOINT) return "s3"; // AWS: https
  const endpoint = new URL(config.S3_ENDPOINT);
  // A plain-http endpoint is a private network's (MinIO at http://minio:9000): the API could not reach it.
  // Loopback is the exception for a store on this very machine, where a local emulator can fetch it.
  return endpoint.protocol === "https:" || ["127.0.0.1", "localhost", "[::1]"].includes(endpoint.hostname) ? "s3" : "none";
}

export function uploadCapability(mode: LinkMode = linkMode()): UploadCapability {
  const limits = { maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_TYPES };
  return mode === "none" ? { available: false, ...limits, message: NO_LINK_MESSAGE } : { available: true, ...limits };
}

function sign(id: string, expiresAt: string): string {
  return createHmac("sha256", authSecret()).update(`upload\n${id}\n${expiresAt}`).digest("base64url");
}

/** The path part of Darkroom's link to an upload: `/u/{id}/{token}.{ext}`. */
export function uploadPath({ id, expires_at, ext }: { id: string; expires_at: string; ext: string }): string {
  return `/u/${id}/${sign(id, expires_at)}.${ext}`;
}

/** True when `token` is this upload's signature (compared in constant time). */
export function tokenMatches(token: string, { id, expires_at }: { id: string; expires_at: string }): boolean {
  const expected = Buffer.from(sign(id, expires_at));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
