import "server-only";
import { AppError } from "@/lib/errors";
import { resolveClient } from "@/lib/http/client";
import { secondsUntil, windowFullUntil } from "@/lib/http/request-window";

// Opening share links is limited per client address, counted across instances (lib/http/request-window.ts).
// What counts (lib/shares/open.ts records it): each page opened, and each request for a link that does not
// open (unknown, expired, revoked): guessing is throttled after a few dozen tries, while the media of a page that opened
// (a selection's many thumbnails, a video's range requests) costs nothing, though it is refused too while the
// address is over the limit.

export const SHARE_VIEW_LIMIT = 60;

export const shareRateKey = (headers: Headers) => `share-view:${resolveClient(headers).address ?? "unknown"}`;

// Addresses found over the limit, and until when, in this process: a flood of guesses is then refused without
// a database read each. The database stays the one count; this only remembers its answer while it cannot
// change (counts leave the window only by ageing out).
const throttled = new Map<string, number>();
const MAX_REMEMBERED = 10_000;

function tooMany(untilMs: number, nowMs: number): AppError {
  const seconds = secondsUntil(untilMs, nowMs);
  return new AppError(
    "rate_limited:share",
    `Too many shared pages opened from your address in the last minute. Try again in ${seconds} s.`,
    undefined,
    { "Retry-After": String(seconds) },
  );
}

/** Refuses (429, Retry-After) while this address is over the limit. */
export async function checkShareRate(keyId: string, now = new Date()): Promise<void> {
  const nowMs = now.getTime();
  const known = throttled.get(keyId);
  if (known !== undefined && known > nowMs) throw tooMany(known, nowMs);
  const until = await windowFullUntil(keyId, SHARE_VIEW_LIMIT, now);
  if (until === null) return;
  if (throttled.size >= MAX_REMEMBERED) throttled.clear();
  throttled.set(keyId, until);
  throw tooMany(until, nowMs);
}
