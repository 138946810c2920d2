import { endOtherSessions, sessionsOf } from "@/lib/auth/sessions";
import { withUser } from "@/lib/http/handler";

// One's own sessions (Settings → Sessions), and "Sign out everywhere else".
export const GET = withUser({}, async ({ user, sessionToken }) => Response.json({ sessions: await sessionsOf(user, sessionToken) }));

export const DELETE = withUser({}, async ({ user, sessionToken }) => Response.json({ ended: await endOtherSessions(user, sessionToken) }));
