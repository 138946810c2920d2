import "server-only";
import type { Kysely } from "kysely";

// Hiding is per person: a row here hides one task from one member's gallery and downloads. Hiding for the
// whole team stays the tasks.hidden flag (owner or admin only, recorded in the audit log, undoable).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("task_hides")
    .addColumn("task_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("task_hides_pk", ["user_id", "task_id"])
    .execute();
  await db.schema.createIndex("task_hides_task").on("task_hides").column("task_id").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("task_hides").execute();
}
