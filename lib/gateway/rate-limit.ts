import "server-only";
import { AppError } from "@/lib/errors";
import { recordRequest, secondsUntil, windowFullUntil } from "@/lib/http/request-window";

// Each token may make GATEWAY_RATE_LIMIT requests a minute (the upstream's own figure), counted across
// instances (lib/http/request-window.ts). A script over it gets the spec's 429 with Retry-After: it cannot use
// up the team's shared 120 upstream requests a minute, which the engine spends.

export const GATEWAY_RATE_LIMIT = 120;

export async function countTokenRequest(tokenId: string, now = new Date()): Promise<void> {
  const keyId = `token:${tokenId}`;
  const until = await windowFullUntil(keyId, GATEWAY_RATE_LIMIT, now);
  if (until !== null) {
    const seconds = secondsUntil(until, now.getTime());
    throw new AppError(
      "rate_limited:token",
      `This token made ${GATEWAY_RATE_LIMIT} requests in the last minute, its limit. Retry after ${seconds} s; poll a task every 5 s at most.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }
  await recordRequest(keyId, now);
}
