import "server-only";
import { database } from "@/lib/db";
import { forgetSentBefore, recordSent, windowSince } from "@/lib/db/rate";

// Requests a minute per key (a gateway token, a share link's visitor), counted in the database so that every
// instance counts the same requests. Callers check first and record only what they let through, so the
// count stops at the limit: the oldest request in the window is then the one whose leaving lets the next in
// (a few over it, from requests at the same instant, only make the retry time early: the retry is told again).

export const WINDOW_MS = 60_000;

/** When `keyId` may make a request again (ms), or null while it is under `limit` in the last minute. */
export async function windowFullUntil(keyId: string, limit: number, now = new Date()): Promise<number | null> {
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const { count, oldest } = await windowSince(database().db, { keyId, since });
  return count < limit ? null : (oldest ? Date.parse(oldest) : now.getTime()) + WINDOW_MS;
}

export async function recordRequest(keyId: string, now = new Date()): Promise<void> {
  const { db } = database();
  await recordSent(db, { keyId, at: now.toISOString() });
  // Now and then, the old counts go (the engine's rate budget does the same for its own).
  if (Math.random() < 0.02) await forgetSentBefore(db, { before: new Date(now.getTime() - 2 * WINDOW_MS).toISOString() });
}

/** Whole seconds from `nowMs` until `untilMs`, at least 1: a Retry-After. */
export const secondsUntil = (untilMs: number, nowMs: number) => Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
