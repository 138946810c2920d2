import "server-only";
import type { SessionUser } from "./session";

// Who a session cookie belongs to, remembered for a few seconds so that a signed-in request does not read
// the session and user rows every time (GET /api/tasks did, on every page and every refetch). Bounded in
// time and size. Revocation: this process forgets a member the moment they are disabled or their role
// changes, and a session the moment it is deleted (sign-out); other processes serving the same database
// notice within MAX_AGE_MS, the bound a disabled member can outlive their disabling there.
// A server-side map rather than better-auth's cookie cache: that copy lives in the browser, where the
// request disabling a member cannot reach it.

export const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  user: SessionUser;
  token: string;
  until: number;
}

// On globalThis: Next may bundle this module once per route in one server process, and the route that
// disables a member must clear the map the other routes read.
const state = globalThis as typeof globalThis & {
  __darkroomSessionCache?: { entries: Map<string, Entry>; forgotten: Map<string, number> };
};
state.__darkroomSessionCache ??= { entries: new Map(), forgotten: new Map() };
const { entries } = state.__darkroomSessionCache;
/** When each member or session token was last forgotten: a verification that began before then is stale. */
const { forgotten } = state.__darkroomSessionCache;

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

export function cachedUser(cookie: string, now = Date.now()): SessionUser | null {
  const entry = entries.get(cookie);
  if (!entry) return null;
  if (entry.until > now) return entry.user;
  entries.delete(cookie);
  return null;
}

/**
 * Remembers a session better-auth verified (reading from `verifiedAt` on), until MAX_AGE_MS passes or the
 * session expires; not when the member or session was forgotten meanwhile (a read racing a disable).
 */
export function rememberUser(
  cookie: string,
  { user, token, expiresAt, verifiedAt }: { user: SessionUser; token: string; expiresAt: Date; verifiedAt: number },
): void {
  if ((forgotten.get(user.id) ?? -Infinity) >= verifiedAt || (forgotten.get(token) ?? -Infinity) >= verifiedAt) return;
  // A Map iterates oldest first: drop the oldest when full.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(cookie, { user, token, until: Math.min(Date.now() + MAX_AGE_MS, expiresAt.getTime()) });
}

/** After a member is disabled, or their role changes: their next request reads the database again. */
export function forgetUser(userId: string): void {
  mark(userId);
  for (const [cookie, entry] of entries) if (entry.user.id === userId) entries.delete(cookie);
}

/** After a session is deleted (signing out, or every session of a member ended). */
export function forgetSession(token: string): void {
  mark(token);
  for (const [cookie, entry] of entries) if (entry.token === token) entries.delete(cookie);
}

function mark(key: string): void {
  const now = Date.now();
  // A verification lasts milliseconds: marks older than the max age can no longer matter.
  for (const [old, at] of forgotten) if (at < now - MAX_AGE_MS) forgotten.delete(old);
  forgotten.set(key, now);
}
