import "server-only";
import { sql, type Kysely } from "kysely";
import { isoOf } from "./booleans";
import type { Database } from "./schema";

// better-auth's `session` rows as Settings lists them, and the epoch every instance's session cache checks
// (0026): moved after any session ends or what a session may do changes.

type Db = Kysely<Database>;

export async function readSessionEpoch(db: Db): Promise<number> {
  const row = await db.selectFrom("session_epoch").select("epoch").where("id", "=", 1).executeTakeFirst();
  return Number(row?.epoch ?? 0);
}

/** After the change is written (in its transaction, or after it committed): a cached session verified before this is stale. */
export async function bumpSessionEpoch(db: Db): Promise<void> {
  await db
    .updateTable("session_epoch")
    .set({ epoch: sql`epoch + 1` })
    .where("id", "=", 1)
    .execute();
}

export interface SessionRow {
  id: string;
  token: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
}

export async function listSessionsOf(db: Db, { userId, now }: { userId: string; now: Date }): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom("session")
    .select(["id", "token", "ipAddress", "userAgent", "createdAt", "updatedAt", "expiresAt"])
    .where("userId", "=", userId)
    .orderBy("updatedAt", "desc")
    .orderBy("id")
    .execute();
  return rows
    .filter((row) => isoOf(row.expiresAt) > now.toISOString())
    .map((row) => ({ ...row, createdAt: isoOf(row.createdAt), updatedAt: isoOf(row.updatedAt) }));
}

/** Deletes one session of a user; false when it is not theirs (or gone already). */
export async function deleteSessionOf(db: Db, { userId, id }: { userId: string; id: string }): Promise<boolean> {
  const result = await db.deleteFrom("session").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every session of a user but the one named: "sign out everywhere else". */
export async function deleteSessionsExcept(db: Db, { userId, keepToken }: { userId: string; keepToken: string }): Promise<number> {
  const result = await db.deleteFrom("session").where("userId", "=", userId).where("token", "<>", keepToken).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Last seen: moved at most every few minutes, when a request verifies the session afresh. */
export async function touchSession(db: Db, { token, at }: { token: string; at: Date }): Promise<void> {
  await db.updateTable("session").set({ updatedAt: at.toISOString() }).where("token", "=", token).execute();
}
