import "server-only";
import type { Kysely } from "kysely";

// Batches (issue 48): a spreadsheet, a JSONL file or a prompt with variations, made into many submissions at
// once. The batch row holds what its rows share (who, which model, where it came from, whether it is paused);
// each row is an ordinary submission (the queue, the budgets, its own Idempotency-Key) that names its batch,
// its key (the key column, OpenAI's custom_id) and its line in the file.
//
// "Runs" (N identical submissions) had used `submissions.batch_id`; that column becomes `runs_id` so that
// "batch" means one thing.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submissions").renameColumn("batch_id", "runs_id").execute();
  await db.schema
    .createTable("batches")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    // The access token a script started it with (POST /v1/batches), or null from the dashboard.
    .addColumn("token_id", "text")
    .addColumn("name", "text", (col) => col.notNull())
    // The model every row uses, or null when its rows name their own (a gateway JSONL file).
    .addColumn("model", "text")
    // csv | tsv | jsonl | variations | retry
    .addColumn("source", "text", (col) => col.notNull())
    // running | paused | cancelled: what the person asked; the rows' own states say how far it got.
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("rows", "integer", (col) => col.notNull())
    // A hash of the file and the recipe: a resend with the same id must be the same batch.
    .addColumn("fingerprint", "text", (col) => col.notNull())
    // The batch whose failed rows this one sends again.
    .addColumn("retry_of", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("batches_user_created").on("batches").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("batches_created").on("batches").columns(["created_at", "id"]).execute();
  await db.schema.alterTable("submissions").addColumn("batch_id", "text").execute();
  await db.schema.alterTable("submissions").addColumn("batch_key", "text").execute();
  await db.schema.alterTable("submissions").addColumn("batch_line", "integer").execute();
  await db.schema.createIndex("submissions_batch").on("submissions").columns(["batch_id", "batch_line"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("submissions_batch").execute();
  await db.schema.alterTable("submissions").dropColumn("batch_line").execute();
  await db.schema.alterTable("submissions").dropColumn("batch_key").execute();
  await db.schema.alterTable("submissions").dropColumn("batch_id").execute();
  await db.schema.dropIndex("batches_created").execute();
  await db.schema.dropIndex("batches_user_created").execute();
  await db.schema.dropTable("batches").execute();
  await db.schema.alterTable("submissions").renameColumn("runs_id", "batch_id").execute();
}
