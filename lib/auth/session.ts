import "server-only";
import { database } from "@/lib/db";
import { fromDbBool } from "@/lib/db/booleans";
import { countPasskeysOf } from "@/lib/db/passkeys";
import { readSessionEpoch, touchSession } from "@/lib/db/sessions";
import { deleteSessionsOf } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { ROLES, roleAtLeast, type Role } from "@/lib/members/roles";
import { ENROL_FIRST_MESSAGE, mustEnrol, secondFactorRule } from "@/lib/policy/second-factor";
import { authFor } from "./auth";
import { cachedIdentity, rememberIdentity, sessionCookie } from "./session-cache";
import type { SessionIdentity, SessionUser } from "./session-user";
import { ssoAccessHolds } from "./sso/recheck";

export type { SessionIdentity, SessionUser };

/** "Last seen" in Settings moves when a request verifies the session afresh, at most this often. */
const LAST_SEEN_STEP_MS = 5 * 60_000;

/**
 * The signed-in session: its member and whether they must set up a second factor first, or null. A disabled
 * member has no session: any left over is ended here. Answered from a short-lived cache when this cookie was
 * verified in the last seconds and no session has changed since (session-cache.ts).
 */
export async function getSessionIdentity(headers: Headers): Promise<SessionIdentity | null> {
  const { db } = database();
  const cookie = sessionCookie(headers);
  // Read before verifying: a change that lands while better-auth reads the session moves the epoch past it.
  const epoch = cookie ? await readSessionEpoch(db) : 0;
  const cached = cookie ? cachedIdentity(cookie, epoch) : null;
  if (cached) return cached;
  const session = await authFor(headers).api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & {
    role?: string;
    disabled?: boolean | number;
    twoFactorEnabled?: boolean | number | null;
  };
  if (fromDbBool(user.disabled)) {
    await deleteSessionsOf(db, { userId: user.id });
    return null;
  }
  // A member who came in through a provider is asked about there again now and then (lib/auth/sso/recheck.ts).
  if (!(await ssoAccessHolds(user.id))) return null;
  const role = (ROLES as readonly string[]).includes(user.role ?? "") ? (user.role as Role) : "viewer";
  const enrolled = fromDbBool(user.twoFactorEnabled ?? false) || (await countPasskeysOf(db, { userId: user.id })) > 0;
  const identity: SessionIdentity = {
    user: { id: user.id, name: user.name, email: user.email, role },
    token: session.session.token,
    mustEnrol: mustEnrol({ rule: await secondFactorRule(db), role, enrolled }),
  };
  const now = new Date();
  if (now.getTime() - new Date(session.session.updatedAt).getTime() > LAST_SEEN_STEP_MS)
    await touchSession(db, { token: session.session.token, at: now });
  if (cookie) rememberIdentity(cookie, { identity, epoch, expiresAt: new Date(session.session.expiresAt) });
  return identity;
}

/** The signed-in member, or null, whatever their second factor (the event stream's re-check, sign-in's redirect). */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  return (await getSessionIdentity(headers))?.user ?? null;
}

/**
 * For route handlers: 401 without a session, 403 while the team's rule wants a second factor they have not
 * set up (but on the routes that set one up: `enrolling`), 403 below the role.
 */
export async function requireIdentity(
  headers: Headers,
  minimum: Role = "viewer",
  { enrolling = false }: { enrolling?: boolean } = {},
): Promise<SessionIdentity> {
  const identity = await getSessionIdentity(headers);
  if (!identity) throw new AppError("unauthorized:session", "Sign in to continue.");
  if (identity.mustEnrol && !enrolling) throw new AppError("forbidden:second_factor", ENROL_FIRST_MESSAGE);
  const { user } = identity;
  if (!roleAtLeast(user.role, minimum)) {
    throw new AppError("forbidden:role", `This needs the ${minimum} role; you are signed in as ${user.role}.`);
  }
  return identity;
}

export async function requireUser(headers: Headers, minimum: Role = "viewer"): Promise<SessionUser> {
  return (await requireIdentity(headers, minimum)).user;
}
