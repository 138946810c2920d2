import "server-only";
import type { Kysely } from "kysely";

// Lineage: which earlier tasks a submission was made from (the task it extends, the results it used as
// inputs). Keyed by submission, since the task id is only known once the upstream accepts it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("task_sources")
    .addColumn("submission_id", "text", (col) => col.notNull())
    .addColumn("source_task_id", "text", (col) => col.notNull())
    .addColumn("relation", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("task_sources_pk", ["submission_id", "source_task_id"])
    .execute();
  await db.schema.createIndex("task_sources_source").on("task_sources").column("source_task_id").execute();
  // "Tasks made from this one" joins tasks on their submission.
  await db.schema.createIndex("tasks_submission").on("tasks").column("submission_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tasks_submission").execute();
  await db.schema.dropTable("task_sources").execute();
}
