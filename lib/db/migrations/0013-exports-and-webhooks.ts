import "server-only";
import type { Kysely } from "kysely";

// Export tokens (read-only bearer tokens an admin hands to a spreadsheet or BI tool: only their sha256 is
// kept) and webhook deliveries (durable: a delivery survives restarts, and any instance may send it under a
// lease). The webhook's URL itself is one row of `instance` (key `webhook_url`).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("export_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("export_tokens_user").on("export_tokens").column("user_id").execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    // Set by the caller when an event must be sent once at most (an alert per period and threshold).
    .addColumn("dedupe_key", "text", (col) => col.unique())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("lease_until", "text")
    .addColumn("lease_owner", "text")
    .addColumn("last_error", "text")
    .addColumn("last_attempt_at", "text")
    .addColumn("delivered_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["state", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_created").on("webhook_deliveries").columns(["created_at", "id"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("export_tokens").execute();
}
