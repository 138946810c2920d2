import "server-only";
import type { Kysely } from "kysely";

// Share links (issue 30, part 3): a member's read-only link to one or more tasks' archived results, opened
// with no account at /s/<token>. Only the token's sha256 is kept (like export and access tokens). A link
// expires (or lasts until revoked); views are counted on the row.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("share_links")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "text", (col) => col.notNull())
    // A JSON array of task ids, in the order shown (one for a task, several for a selection).
    .addColumn("task_ids", "text", (col) => col.notNull())
    .addColumn("show_prompt", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    // Null: until revoked.
    .addColumn("expires_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_viewed_at", "text")
    .execute();
  await db.schema.createIndex("share_links_user").on("share_links").column("user_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("share_links").execute();
}
