import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";

// A task's `data[].url` through the gateway: Darkroom's archived copy at /v1/files/…, signed and expiring,
// so a script (or the tool it hands the URL to) can fetch it with no header, the upstream's URL never
// leaves Darkroom, and the result outlives the upstream's retention.

export const SIGNED_URL_SECONDS = 24 * 60 * 60;
// Expiries fall on the hour, so a task read twice answers the same URL (a script comparing or caching it sees
// one file, not a new link each second); a link then lasts between 24 and 25 hours.
const EXPIRY_STEP_SECONDS = 60 * 60;

const signature = (path: string, expires: number) =>
  createHmac("sha256", authSecret()).update(`gateway-media\n${path}\n${expires}`).digest("base64url");

const filePath = (taskId: string, index: number) => `/v1/files/${encodeURIComponent(taskId)}/${index}`;

export function signedMediaUrl(origin: string, taskId: string, index: number, now = Date.now()): string {
  const path = filePath(taskId, index);
  const expires = Math.ceil((now / 1000 + SIGNED_URL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return `${origin}${path}?expires=${expires}&signature=${signature(path, expires)}`;
}

/** True when the signature is Darkroom's for this file and has not expired. */
export function validSignature(taskId: string, index: number, expires: string | null, given: string | null, now = Date.now()): boolean {
  const seconds = Number(expires);
  if (!given || !Number.isInteger(seconds) || seconds * 1000 <= now) return false;
  const expected = Buffer.from(signature(filePath(taskId, index), seconds));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
