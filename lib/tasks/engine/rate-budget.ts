import "server-only";
import { createHash } from "node:crypto";
import type { Connection } from "@/lib/db/connect";
import { exclusive } from "@/lib/db/exclusive";
import { countSentSince, forgetSentBefore, getPause, nthSentSince, recordSent, setPause } from "@/lib/db/rate";

// One budget per API key, shared by every Darkroom process on the database: the API allows 120 requests
// in any 60 s; we keep a margin, and low-priority work (refund follow-ups, imports) stops earlier so that
// creations and live tasks always find room.
// The API counts its 60 s by arrival; a request is counted here when it is taken from the budget, a little
// before it arrives (a busy event loop, several instances sending at once). Counting 61 s absorbs that, so
// the upstream's own window never sees more than the budget (test:scale measured 111 with 60 s).
export const WINDOW_MS = 61_000;
export const BUDGET = { high: 110, low: 90 } as const;
export type Priority = keyof typeof BUDGET;

/** Rows name the key by a hash: the key itself is never stored. */
export function keyIdOf(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex").slice(0, 16);
}

export type Acquired = { ok: true } | { ok: false; waitMs: number };

/** Takes one request from the budget, or says how long to wait. The check and the record are one exclusive step. */
export async function acquire(
  connection: Connection,
  { keyId, priority, now = new Date() }: { keyId: string; priority: Priority; now?: Date },
): Promise<Acquired> {
  return exclusive(connection, `rate:${keyId}`, async (db) => {
    const nowMs = now.getTime();
    const paused = await getPause(db, { keyId });
    if (paused && Date.parse(paused) > nowMs) return { ok: false, waitMs: Date.parse(paused) - nowMs };
    const since = new Date(nowMs - WINDOW_MS).toISOString();
    const sent = await countSentSince(db, { keyId, since });
    const limit = BUDGET[priority];
    if (sent >= limit) {
      // Room opens when the request that puts us at the limit leaves the window.
      const pivot = await nthSentSince(db, { keyId, since, n: sent - limit });
      return { ok: false, waitMs: Math.max(1, (pivot ? Date.parse(pivot) : nowMs) + WINDOW_MS - nowMs + 1) };
    }
    await recordSent(db, { keyId, at: now.toISOString() });
    if (Math.random() < 0.02) await forgetSentBefore(db, { before: new Date(nowMs - 2 * WINDOW_MS).toISOString() });
    return { ok: true };
  });
}

/** Retry-After: every request for this key waits until then, with no cap but the caller's own deadline. */
export async function pause(connection: Connection, { keyId, until }: { keyId: string; until: Date }): Promise<void> {
  await setPause(connection.db, { keyId, until: until.toISOString() });
}
