import "server-only";
import type { Kysely } from "kysely";

// The task engine's tables. Timestamps are ISO 8601 UTC text (they sort like instants); booleans 0/1.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // A person's request, stored with its Idempotency-Key and exact body bytes before anything is sent.
  await db.schema
    .createTable("submissions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("endpoint", "text", (col) => col.notNull())
    .addColumn("params", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("idempotency_key", "text", (col) => col.notNull().unique())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("position", "double precision", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (col) => col.notNull())
    .addColumn("lease_until", "text")
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("error_field", "text")
    .addColumn("batch_id", "text")
    .addColumn("task_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("submissions_queue").on("submissions").columns(["state", "kind", "position"]).execute();

  // Every task Darkroom knows: the API has no list endpoint, so this table is the only index.
  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("submission_id", "text")
    .addColumn("user_id", "text")
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("params", "text")
    .addColumn("prompt", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("credits_reserved", "double precision")
    .addColumn("credits_used", "double precision")
    .addColumn("credits_refunded", "double precision")
    .addColumn("upstream_created_at", "text")
    .addColumn("upstream_updated_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("overdue", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lost", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("not_found_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("media_deleted_at", "text")
    .addColumn("archive_state", "text", (col) => col.notNull().defaultTo("none"))
    .addColumn("archive_attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("archive_error", "text")
    .addColumn("next_poll_at", "text")
    .addColumn("last_polled_at", "text")
    .addColumn("lease_until", "text")
    .addColumn("lease_owner", "text")
    .addColumn("hidden", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("favourite", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("tasks_next_poll").on("tasks").column("next_poll_at").execute();
  await db.schema.createIndex("tasks_created").on("tasks").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("tasks_live").on("tasks").columns(["kind", "status"]).execute();

  // One row per result item, with where the archive keeps it.
  await db.schema
    .createTable("task_results")
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("idx", "integer", (col) => col.notNull())
    .addColumn("upstream_url", "text", (col) => col.notNull())
    .addColumn("file", "text")
    .addColumn("thumbnail", "text")
    .addColumn("content_type", "text")
    .addColumn("bytes", "integer")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addPrimaryKeyConstraint("task_results_pk", ["task_id", "idx"])
    .execute();

  // The shared rate budget: one row per upstream request sent, per key (a hash, never the key itself).
  await db.schema
    .createTable("rate_requests")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("key_id", "text", (col) => col.notNull())
    .addColumn("sent_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("rate_requests_window").on("rate_requests").columns(["key_id", "sent_at"]).execute();
  await db.schema
    .createTable("rate_pauses")
    .addColumn("key_id", "text", (col) => col.primaryKey())
    .addColumn("paused_until", "text", (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rate_pauses", "rate_requests", "task_results", "tasks", "submissions"]) await db.schema.dropTable(table).execute();
}
