import "server-only";
import type { Kysely } from "kysely";

// A ZIP download asked for: POST stores the selection, the browser then fetches the ZIP with a plain GET so
// it streams to disk through the browser's own download (no copy held in the page's memory).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("downloads")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("task_ids", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("downloads_created").on("downloads").column("created_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("downloads").execute();
}
