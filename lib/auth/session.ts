import "server-only";
import { database } from "@/lib/db";
import { fromDbBool } from "@/lib/db/booleans";
import { deleteSessionsOf } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { ROLES, roleAtLeast, type Role } from "@/lib/members/schemas";
import { authFor } from "./auth";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** The signed-in member, or null. A disabled member has no session: any left over is ended here. */
export async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
  const session = await authFor(headers).api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string; disabled?: boolean | number };
  if (fromDbBool(user.disabled)) {
    await deleteSessionsOf(database().db, { userId: user.id });
    return null;
  }
  const role = (ROLES as readonly string[]).includes(user.role ?? "") ? (user.role as Role) : "viewer";
  return { id: user.id, name: user.name, email: user.email, role };
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
