import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { Database, TaskSourceTable } from "./schema";

export type TaskSource = Selectable<TaskSourceTable>;

export async function insertTaskSources(db: Kysely<Database>, rows: TaskSource[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("task_sources").values(rows).execute();
}

/** What one submission was made from, extensions first. */
export async function getTaskSources(db: Kysely<Database>, { submissionId }: { submissionId: string }): Promise<TaskSource[]> {
  return db
    .selectFrom("task_sources")
    .selectAll()
    .where("submission_id", "=", submissionId)
    .orderBy("relation")
    .orderBy("source_task_id")
    .execute();
}
