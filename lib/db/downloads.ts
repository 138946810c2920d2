import "server-only";
import type { Kysely, Selectable } from "kysely";
import { dbBool } from "./booleans";
import type { Database, DownloadTable } from "./schema";
import { gatewaySubmissionId } from "./task-list";
import { notHiddenBy } from "./task-hides";
import type { TaskResultRow, TaskRow } from "./tasks";

export type Download = Selectable<DownloadTable>;

export async function insertDownload(db: Kysely<Database>, row: Download): Promise<void> {
  await db.insertInto("downloads").values(row).execute();
}

/** Forgets the selections asked for before `before`: their links no longer work. */
export async function deleteDownloadsBefore(db: Kysely<Database>, { before }: { before: string }): Promise<void> {
  await db.deleteFrom("downloads").where("created_at", "<", before).execute();
}

export async function getDownload(db: Kysely<Database>, { id }: { id: string }): Promise<Download | undefined> {
  return db.selectFrom("downloads").selectAll().where("id", "=", id).executeTakeFirst();
}

type SelectedTask = TaskRow & { member_name: string | null; gateway_submission_id: string | null };

export interface Selection {
  tasks: SelectedTask[];
  /** Task id → its results that have an archived file. */
  results: Map<string, TaskResultRow[]>;
}

/** The tasks among `ids` visible to `viewerId` (hidden neither for the team nor by them), with their archived results, in two queries. */
export async function loadSelection(db: Kysely<Database>, ids: string[], { viewerId }: { viewerId: string }): Promise<Selection> {
  const tasks = await db
    .selectFrom("tasks")
    .leftJoin("user", "user.id", "tasks.user_id")
    .selectAll("tasks")
    // A board's cards link and name a task by the id the gallery does (lib/tasks/task-ids.ts).
    .select(["user.name as member_name", gatewaySubmissionId])
    .where("tasks.id", "in", ids)
    .where("tasks.hidden", "=", dbBool(false))
    .where(notHiddenBy(viewerId))
    .execute();
  const rows =
    tasks.length === 0
      ? []
      : await db
          .selectFrom("task_results")
          .selectAll()
          .where(
            "task_id",
            "in",
            tasks.map((t) => t.id),
          )
          .where("file", "is not", null)
          .orderBy("task_id")
          .orderBy("idx")
          .execute();
  const results = new Map<string, TaskResultRow[]>();
  for (const row of rows) results.set(row.task_id, [...(results.get(row.task_id) ?? []), row]);
  return { tasks, results };
}
