import "server-only";
import { database } from "@/lib/db";
import { forgetSentBefore, recordSent, windowSince } from "@/lib/db/rate";
import { AppError } from "@/lib/errors";
import { resolveClient } from "@/lib/http/client";

// Opening share links is limited per client address, counted in the database so that every instance counts
// the same requests. What counts: each page opened, and each request for a link that does not open (unknown,
// expired, revoked): guessing is throttled after a few dozen tries, while the media of a page that opened
// (a selection's many thumbnails, a video's range requests) costs nothing, though it is refused too while the
// address is over the limit.

export const SHARE_VIEW_LIMIT = 60;
const WINDOW_MS = 60_000;

export const shareRateKey = (headers: Headers) => `share-view:${resolveClient(headers).address ?? "unknown"}`;

// Addresses found over the limit, and until when, in this process: a flood of guesses is then refused without
// a database read each. The database stays the one count; this only remembers its answer while it cannot
// change (counts leave the window only by ageing out).
const throttled = new Map<string, number>();
const MAX_REMEMBERED = 10_000;

function tooMany(untilMs: number, nowMs: number): AppError {
  const seconds = Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
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
  const since = new Date(nowMs - WINDOW_MS).toISOString();
  // One read: nothing is counted while the address is over the limit, so the oldest request in the window is
  // the one whose leaving lets the next one through (a few over it, from requests at the same instant, only
  // make Retry-After early: the retry is told again).
  const { count, oldest } = await windowSince(database().db, { keyId, since });
  if (count < SHARE_VIEW_LIMIT) return;
  const until = (oldest ? Date.parse(oldest) : nowMs) + WINDOW_MS;
  if (throttled.size >= MAX_REMEMBERED) throttled.clear();
  throttled.set(keyId, until);
  throw tooMany(until, nowMs);
}

export async function countShareRequest(keyId: string, now = new Date()): Promise<void> {
  const { db } = database();
  await recordSent(db, { keyId, at: now.toISOString() });
  // Now and then, the old counts go (the engine's rate budget does the same for its own).
  if (Math.random() < 0.02) await forgetSentBefore(db, { before: new Date(now.getTime() - 2 * WINDOW_MS).toISOString() });
}
