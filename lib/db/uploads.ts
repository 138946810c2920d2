import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { Database, UploadTable } from "./schema";

export type Upload = Selectable<UploadTable>;

export async function insertUpload(db: Kysely<Database>, row: Upload): Promise<void> {
  await db.insertInto("uploads").values(row).execute();
}

export async function getUpload(db: Kysely<Database>, { id }: { id: string }): Promise<Upload | undefined> {
  return db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Up to `limit` uploads whose links ended before `before`, oldest first (their objects are removed next). */
export async function listExpiredUploads(db: Kysely<Database>, { before, limit }: { before: string; limit: number }): Promise<Upload[]> {
  return db.selectFrom("uploads").selectAll().where("expires_at", "<=", before).orderBy("expires_at").limit(limit).execute();
}

export async function deleteUploads(db: Kysely<Database>, { ids }: { ids: string[] }): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("uploads").where("id", "in", ids).execute();
}
