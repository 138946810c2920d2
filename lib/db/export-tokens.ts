import "server-only";
import type { Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";

type Db = Kysely<Database>;

export async function insertExportToken(
  db: Db,
  row: { id: string; userId: string; tokenHash: string; at: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto("export_tokens")
    .values({
      id: row.id,
      user_id: row.userId,
      token_hash: row.tokenHash,
      created_at: row.at,
      last_used_at: null,
      revoked_at: null,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Moves a live (unrevoked) token's expiry; false when there is no such token. Expired ones may be renewed. */
export async function renewExportToken(db: Db, { id, expiresAt }: { id: string; expiresAt: string }): Promise<boolean> {
  const result = await db
    .updateTable("export_tokens")
    .set({ expires_at: expiresAt })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes a member's live tokens (a new one replaces them, or they stopped being an active admin); answers the ids revoked. */
export async function revokeTokensOf(db: Db, { userId, at }: { userId: string; at: string }): Promise<string[]> {
  const rows = await db
    .updateTable("export_tokens")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

export async function revokeExportToken(db: Db, { id, at }: { id: string; at: string }): Promise<boolean> {
  const result = await db
    .updateTable("export_tokens")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The unrevoked tokens (expired ones too: they can be renewed) with their admins' names, newest first. */
export async function listExportTokens(db: Db) {
  return db
    .selectFrom("export_tokens")
    .leftJoin("user", "user.id", "export_tokens.user_id")
    .select([
      "export_tokens.id",
      "export_tokens.user_id",
      "user.name as user_name",
      "export_tokens.created_at",
      "export_tokens.last_used_at",
      "export_tokens.expires_at",
    ])
    .where("export_tokens.revoked_at", "is", null)
    .orderBy("export_tokens.created_at", "desc")
    .orderBy("export_tokens.id", "desc")
    .execute();
}

/**
 * The member an unrevoked token belongs to, only while they are an active admin (disabling or demoting the
 * admin revokes their tokens too; this holds even for a token that escaped that), with its expiry.
 */
export async function exportTokenOwner(db: Db, { tokenHash }: { tokenHash: string }) {
  return db
    .selectFrom("export_tokens")
    .innerJoin("user", "user.id", "export_tokens.user_id")
    .select(["export_tokens.id as token_id", "export_tokens.expires_at", "user.id", "user.name", "user.email", "user.role"])
    .where("export_tokens.token_hash", "=", tokenHash)
    .where("export_tokens.revoked_at", "is", null)
    .where("user.disabled", "=", dbBool(false))
    .where("user.role", "=", "admin")
    .executeTakeFirst();
}

export async function touchExportToken(db: Db, { id, at }: { id: string; at: string }): Promise<void> {
  await db.updateTable("export_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
}
