import "server-only";
import type { Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { AccessTokenTable, Database } from "./schema";

type Db = Kysely<Database>;

export async function insertAccessToken(db: Db, row: Omit<AccessTokenTable, "last_used_at" | "revoked_at">): Promise<void> {
  await db
    .insertInto("access_tokens")
    .values({ ...row, last_used_at: null, revoked_at: null })
    .execute();
}

/** A member's unrevoked tokens (expired ones too, so they can see why a script stopped), newest first. */
export async function listAccessTokens(db: Db, { userId }: { userId: string }) {
  return db
    .selectFrom("access_tokens")
    .select(["id", "name", "scopes", "budget_credits", "created_at", "expires_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Every member's unrevoked tokens (an admin's view) with their member, but `exceptUserId`'s own; newest first. */
export async function listTeamAccessTokens(db: Db, { exceptUserId }: { exceptUserId: string }) {
  return db
    .selectFrom("access_tokens")
    .leftJoin("user", "user.id", "access_tokens.user_id")
    .select([
      "access_tokens.id",
      "access_tokens.name",
      "access_tokens.scopes",
      "access_tokens.budget_credits",
      "access_tokens.created_at",
      "access_tokens.expires_at",
      "access_tokens.last_used_at",
      "access_tokens.user_id",
      "user.name as member_name",
    ])
    .where("access_tokens.user_id", "!=", exceptUserId)
    .where("access_tokens.revoked_at", "is", null)
    .orderBy("access_tokens.created_at", "desc")
    .orderBy("access_tokens.id", "desc")
    .execute();
}

/**
 * Revokes a live token: one of `userId`'s, or anyone's when no userId is given (an admin). Answers its member's id,
 * or undefined when there is no such live token.
 */
export async function revokeAccessToken(
  db: Db,
  { id, userId, at }: { id: string; userId?: string; at: string },
): Promise<string | undefined> {
  let query = db.updateTable("access_tokens").set({ revoked_at: at }).where("id", "=", id).where("revoked_at", "is", null);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  const row = await query.returning("user_id").executeTakeFirst();
  return row?.user_id;
}

/** Revokes every live token of a member (demoted to viewer, or disabled); answers the ids revoked. */
export async function revokeAccessTokensOf(db: Db, { userId, at }: { userId: string; at: string }): Promise<string[]> {
  const rows = await db
    .updateTable("access_tokens")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The live token with this hash and its member, only while the member is enabled and may spend (a member or
 * an admin): demotion and disabling revoke tokens too, and this holds even for one that escaped that.
 */
export async function accessTokenOwner(db: Db, { tokenHash }: { tokenHash: string }) {
  return db
    .selectFrom("access_tokens")
    .innerJoin("user", "user.id", "access_tokens.user_id")
    .select([
      "access_tokens.id as token_id",
      "access_tokens.name as token_name",
      "access_tokens.scopes",
      "access_tokens.budget_credits",
      "access_tokens.expires_at",
      "user.id",
      "user.name",
      "user.email",
      "user.role",
    ])
    .where("access_tokens.token_hash", "=", tokenHash)
    .where("access_tokens.revoked_at", "is", null)
    .where("user.disabled", "=", dbBool(false))
    .where("user.role", "in", ["member", "admin"])
    .executeTakeFirst();
}

export async function touchAccessToken(db: Db, { id, at }: { id: string; at: string }): Promise<void> {
  await db.updateTable("access_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
}

/** Token names by id, for the views that say "via token ‹name›". */
export async function accessTokenNames(db: Db, { ids }: { ids: string[] }): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("access_tokens").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What the policy asks of a token (lib/policy): revoked, when it expires, its name and its own cap. */
export async function accessTokenState(db: Db, { id }: { id: string }) {
  const row = await db
    .selectFrom("access_tokens")
    .select(["name", "revoked_at", "expires_at", "budget_credits"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { name: row.name, revokedAt: row.revoked_at, expiresAt: row.expires_at, budgetCredits: row.budget_credits };
}
