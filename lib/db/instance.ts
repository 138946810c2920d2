import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Claims a one-time instance fact (e.g. "setup"); false when it was claimed before. The primary key decides races. */
export async function claimInstanceFlag(db: Kysely<Database>, { key, value }: { key: string; value: string }): Promise<boolean> {
  const result = await db
    .insertInto("instance")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function getInstanceValue(db: Kysely<Database>, { key }: { key: string }): Promise<string | undefined> {
  const row = await db.selectFrom("instance").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

export async function setInstanceValue(db: Kysely<Database>, { key, value }: { key: string; value: string }): Promise<void> {
  await db
    .insertInto("instance")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export async function deleteInstanceValue(db: Kysely<Database>, { key }: { key: string }): Promise<void> {
  await db.deleteFrom("instance").where("key", "=", key).execute();
}
