import "server-only";
import type { Kysely } from "kysely";

// Personal access tokens (issue 29): a member's bearer tokens for scripts calling Darkroom's copy of the
// generation API (/v1/…). Only the sha256 is kept. A submission made through one names it, so the gallery,
// the queue and the exports can say "via token ‹name›".

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("access_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    // "images", "videos" or "read", comma-separated: creation needs its kind, retrieval any of them.
    .addColumn("scopes", "text", (col) => col.notNull())
    // Optional: the most credits everything made through this token may commit, ever (null: no cap of its own).
    .addColumn("budget_credits", "integer")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("access_tokens_user").on("access_tokens").column("user_id").execute();
  await db.schema.alterTable("submissions").addColumn("token_id", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submissions").dropColumn("token_id").execute();
  await db.schema.dropTable("access_tokens").execute();
}
