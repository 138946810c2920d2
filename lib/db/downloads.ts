import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { Database, DownloadTable } from "./schema";

export type Download = Selectable<DownloadTable>;

/** Stores a selection to download, forgetting those older than `expireBefore` on the way. */
export async function insertDownload(db: Kysely<Database>, row: Download, { expireBefore }: { expireBefore: string }): Promise<void> {
  await db.deleteFrom("downloads").where("created_at", "<", expireBefore).execute();
  await db.insertInto("downloads").values(row).execute();
}

export async function getDownload(db: Kysely<Database>, { id }: { id: string }): Promise<Download | undefined> {
  return db.selectFrom("downloads").selectAll().where("id", "=", id).executeTakeFirst();
}
