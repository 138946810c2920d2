import "server-only";
import { database } from "@/lib/db";
import { countSentSince, nthSentSince, recordSent } from "@/lib/db/rate";
import { AppError } from "@/lib/errors";

// Each token may make GATEWAY_RATE_LIMIT requests a minute (the upstream's own figure), counted in the
// database so that every instance counts the same requests. A script over it gets the spec's 429 with
// Retry-After: it cannot use up the team's shared 120 upstream requests a minute, which the engine spends.

export const GATEWAY_RATE_LIMIT = 120;
const WINDOW_MS = 60_000;

export async function countTokenRequest(tokenId: string, now = new Date()): Promise<void> {
  const { db } = database();
  const keyId = `token:${tokenId}`;
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const count = await countSentSince(db, { keyId, since });
  if (count >= GATEWAY_RATE_LIMIT) {
    const oldest = await nthSentSince(db, { keyId, since, n: count - GATEWAY_RATE_LIMIT });
    const seconds = Math.max(1, Math.ceil(((oldest ? Date.parse(oldest) : now.getTime()) + WINDOW_MS - now.getTime()) / 1000));
    throw new AppError(
      "rate_limited:token",
      `This token made ${GATEWAY_RATE_LIMIT} requests in the last minute, its limit. Retry after ${seconds} s; poll a task every 5 s at most.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }
  await recordSent(db, { keyId, at: now.toISOString() });
}
