import "server-only";
import type { Role } from "@/lib/members/roles";

// Who a session belongs to: its own module, so that the session (session.ts) and its cache (session-cache.ts)
// both name it without importing each other.

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** A verified session: its member, and whether the team's rule sends them to set up a second factor first. */
export interface SessionIdentity {
  user: SessionUser;
  /** This session's own token (the row Settings calls "this browser"). */
  token: string;
  mustEnrol: boolean;
}
