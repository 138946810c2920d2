import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { Database, DownloadTable } from "./schema";

export type Download = Selectable<DownloadTable>;

export async function insertDownload(db: Kysely<Database>, row: Download): Promise<void> {
  await db.insertInto("downloads").values(row).execute();
}

/** Forgets the selections asked for before `before`: their links no longer work. */
export async function deleteDownloadsBefore(db: Kysely<Database>, { before }: { before: string }): Promise<void> {
  await db.deleteFrom("downloads").where("created_at", "<", before).execute();
}

export async function getDownload(db: Kysely<Database>, { id }: { id: string }): Promise<Download | undefined> {
  return db.selectFrom("downloads").selectAll().where("id", "=", id).executeTakeFirst();
}
