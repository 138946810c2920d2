import "server-only";
import type { Kysely } from "kysely";

// Compare (issue 30, part 1): one prompt sent to several models as one comparison. The comparison row holds
// what the columns share (the prompt, who made it, when) and the favourite a person picked; each column is an
// ordinary submission (the queue, the budgets, its own Idempotency-Key) that names its comparison and column,
// so a re-run of a column is one more submission with the same two values.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("comparisons")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("prompt", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // The picked column's submission (any run of it), or null.
    .addColumn("favourite_submission_id", "text")
    .execute();
  await db.schema.createIndex("comparisons_created").on("comparisons").columns(["created_at", "id"]).execute();
  await db.schema.alterTable("submissions").addColumn("comparison_id", "text").execute();
  await db.schema.alterTable("submissions").addColumn("comparison_column", "integer").execute();
  await db.schema.createIndex("submissions_comparison").on("submissions").column("comparison_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("submissions_comparison").execute();
  await db.schema.alterTable("submissions").dropColumn("comparison_column").execute();
  await db.schema.alterTable("submissions").dropColumn("comparison_id").execute();
  await db.schema.dropTable("comparisons").execute();
}
