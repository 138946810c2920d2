import "server-only";
import type { Kysely } from "kysely";
import type { Database, PasskeyTable } from "./schema";

// Members' passkeys (0027): public keys only.

type Db = Kysely<Database>;

export type PasskeyRow = PasskeyTable;

export async function insertPasskey(db: Db, row: PasskeyRow): Promise<void> {
  await db.insertInto("passkeys").values(row).execute();
}

export async function listPasskeysOf(db: Db, { userId }: { userId: string }): Promise<PasskeyRow[]> {
  return db.selectFrom("passkeys").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}

export async function countPasskeysOf(db: Db, { userId }: { userId: string }): Promise<number> {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function findPasskeyByCredential(db: Db, { credentialId }: { credentialId: string }): Promise<PasskeyRow | undefined> {
  return db.selectFrom("passkeys").selectAll().where("credential_id", "=", credentialId).executeTakeFirst();
}

export async function markPasskeyUsed(db: Db, { id, counter, at }: { id: string; counter: number; at: string }): Promise<void> {
  await db.updateTable("passkeys").set({ counter, last_used_at: at }).where("id", "=", id).execute();
}

/** The removed row, or undefined when it is not this user's. */
export async function deletePasskeyOf(db: Db, { userId, id }: { userId: string; id: string }): Promise<PasskeyRow | undefined> {
  const row = await db.selectFrom("passkeys").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (row) await db.deleteFrom("passkeys").where("id", "=", id).execute();
  return row;
}

/** Every passkey of a user (an admin's reset); how many went. */
export async function deletePasskeysOf(db: Db, { userId }: { userId: string }): Promise<number> {
  const result = await db.deleteFrom("passkeys").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
