import "server-only";
import type { SessionIdentity } from "./session-user";

// Who a session cookie belongs to, remembered for a few seconds so that a signed-in request does not read
// the session and user rows every time (GET /api/tasks did, on every page and every refetch). Bounded in
// time and size. Revocation, on every instance at once: an entry counts only while the session epoch
// (lib/db/sessions.ts, one row every instance reads) is what it was when the session was verified. Ending a
// session, disabling a member, changing a role or a second factor moves the epoch after the change is
// written, so the next request anywhere verifies afresh and finds the change. Nothing is sent between
// instances, so nothing can be missed by one that was down; the price is one primary-key read a request.
// A server-side map rather than better-auth's cookie cache: that copy lives in the browser, where the
// request ending a session cannot reach it.

export const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  identity: SessionIdentity;
  epoch: number;
  until: number;
}

// On globalThis: Next may bundle this module once per route in one server process.
const state = globalThis as typeof globalThis & { __darkroomSessionCache?: { entries: Map<string, Entry> } };
state.__darkroomSessionCache ??= { entries: new Map() };
const { entries } = state.__darkroomSessionCache;

/**
 * The session cookies' values (`__Secure-` in production), all of them when several are sent, since better-auth
 * may verify either: the key, trusted only once better-auth verified a request carrying exactly these.
 */
export function sessionCookie(headers: Headers): string | null {
  const values = [...(headers.get("cookie") ?? "").matchAll(/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/g)].map(
    (m) => m[1],
  );
  return values.length ? values.join(" ") : null;
}

/** The remembered identity, while it is young and the epoch has not moved since it was verified. */
export function cachedIdentity(cookie: string, epoch: number, now = Date.now()): SessionIdentity | null {
  const entry = entries.get(cookie);
  if (!entry) return null;
  if (entry.until > now && entry.epoch === epoch) return entry.identity;
  entries.delete(cookie);
  return null;
}

/**
 * Remembers a session better-auth verified, with the epoch read before verifying it (a change that lands
 * during the verification moves the epoch past it), until MAX_AGE_MS passes or the session expires.
 */
export function rememberIdentity(
  cookie: string,
  { identity, epoch, expiresAt }: { identity: SessionIdentity; epoch: number; expiresAt: Date },
): void {
  // A Map iterates oldest first: drop the oldest when full.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(cookie, { identity, epoch, until: Math.min(Date.now() + MAX_AGE_MS, expiresAt.getTime()) });
}
