import "server-only";
import { database } from "@/lib/db";
import { fromDbBool } from "@/lib/db/booleans";
import { deleteSessionsOf } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { ROLES, roleAtLeast, type Role } from "@/lib/members/roles";
import { authFor } from "./auth";
import { cachedUser, rememberUser, sessionCookie } from "./session-cache";
import { ssoAccessHolds } from "./sso/recheck";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/**
 * The signed-in member, or null. A disabled member has no session: any left over is ended here.
 * Answered from a short-lived cache when this cookie was verified in the last seconds (session-cache.ts).
 */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const cookie = sessionCookie(headers);
  const cached = cookie ? cachedUser(cookie) : null;
  if (cached) return cached;
  const verifiedAt = Date.now();
  const session = await authFor(headers).api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string; disabled?: boolean | number };
  if (fromDbBool(user.disabled)) {
    await deleteSessionsOf(database().db, { userId: user.id });
    return null;
  }
  // A member who came in through a provider is asked about there again now and then (lib/auth/sso/recheck.ts).
  if (!(await ssoAccessHolds(user.id))) return null;
  const role = (ROLES as readonly string[]).includes(user.role ?? "") ? (user.role as Role) : "viewer";
  const member: SessionUser = { id: user.id, name: user.name, email: user.email, role };
  if (cookie)
    rememberUser(cookie, { user: member, token: session.session.token, expiresAt: new Date(session.session.expiresAt), verifiedAt });
  return member;
}

/** For route handlers: 401 without a session, 403 below the role. */
export async function requireUser(headers: Headers, minimum: Role = "viewer"): Promise<SessionUser> {
  const user = await getSessionUser(headers);
  if (!user) throw new AppError("unauthorized:session", "Sign in to continue.");
  if (!roleAtLeast(user.role, minimum)) {
    throw new AppError("forbidden:role", `This needs the ${minimum} role; you are signed in as ${user.role}.`);
  }
  return user;
}
