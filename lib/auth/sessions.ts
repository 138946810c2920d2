import "server-only";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { bumpSessionEpoch, deleteSessionOf, deleteSessionsExcept, listSessionsOf } from "@/lib/db/sessions";
import { deleteSessionsOf, getMember } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import type { SessionView } from "@/lib/schemas/second-factor-views";
import type { SessionUser } from "./session-user";
import { describeUserAgent } from "./user-agent";

// Where a member is signed in, and ending those sessions. Ending one deletes its row and moves the session
// epoch, so its browser is signed out at its next request on every instance (session-cache.ts).

export async function sessionsOf(user: SessionUser, currentToken: string): Promise<SessionView[]> {
  const rows = await listSessionsOf(database().db, { userId: user.id, now: new Date() });
  const views = rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    address: row.ipAddress,
    createdAt: row.createdAt,
    lastSeenAt: row.updatedAt,
    current: row.token === currentToken,
  }));
  // This browser first, then the most recently seen.
  return views.sort((a, b) => Number(b.current) - Number(a.current));
}

export async function endSession(user: SessionUser, id: string): Promise<void> {
  const { db } = database();
  if (!(await deleteSessionOf(db, { userId: user.id, id })))
    throw new AppError("not_found:session", "No such session: it may have ended already.");
  await bumpSessionEpoch(db);
}

/** "Sign out everywhere else": every session but this browser's. */
export async function endOtherSessions(user: SessionUser, currentToken: string): Promise<number> {
  const { db } = database();
  const ended = await deleteSessionsExcept(db, { userId: user.id, keepToken: currentToken });
  await bumpSessionEpoch(db);
  return ended;
}

/** An admin ends every session of a member (who signs in again; their tokens are untouched). */
export async function endMemberSessions(actor: SessionUser, memberId: string): Promise<number> {
  const { db } = database();
  if (!(await getMember(db, { id: memberId }))) throw new AppError("not_found:member", "No member with this id.");
  return db.transaction().execute(async (trx) => {
    const ended = await deleteSessionsOf(trx, { userId: memberId });
    await recordAudit(trx, { actorId: actor.id, action: "member.sessions_end", subjectId: memberId, detail: { sessions: ended } });
    return ended;
  });
}
