import "server-only";
import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import { dbBool } from "./booleans";
import type { Database, TaskResultTable, TaskTable } from "./schema";

type Db = Kysely<Database>;
export type TaskRow = Selectable<TaskTable>;
export type TaskResultRow = Selectable<TaskResultTable>;

export async function insertTask(db: Db, row: Insertable<TaskTable>): Promise<void> {
  await db
    .insertInto("tasks")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export async function getTaskRow(db: Db, { id }: { id: string }): Promise<TaskRow | undefined> {
  return db.selectFrom("tasks").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateTask(db: Db, { id, ...patch }: { id: string } & Updateable<TaskTable>): Promise<void> {
  await db.updateTable("tasks").set(patch).where("id", "=", id).execute();
}

/** Tasks the upstream still counts against the account's concurrency, as far as Darkroom knows. */
export async function countLive(db: Db, { kind }: { kind: "image" | "video" }): Promise<number> {
  const row = await db
    .selectFrom("tasks")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("kind", "=", kind)
    .where("status", "in", ["pending", "processing"])
    .where("lost", "=", dbBool(false))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Tasks whose next poll is due and that nobody holds; live ones first, follow-ups after. */
export async function duePolls(db: Db, { now, limit }: { now: string; limit: number }): Promise<TaskRow[]> {
  return db
    .selectFrom("tasks")
    .selectAll()
    .where("next_poll_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
    .orderBy((eb) => eb.case().when("status", "in", ["pending", "processing"]).then(0).else(1).end())
    .orderBy("next_poll_at")
    .limit(limit)
    .execute();
}

/** Holds a task for one poll so that no other process polls it at the same time. */
export async function leaseTask(
  db: Db,
  { id, owner, now, until }: { id: string; owner: string; now: string; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable("tasks")
    .set({ lease_owner: owner, lease_until: until })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function getResults(db: Db, { taskId }: { taskId: string }): Promise<TaskResultRow[]> {
  return db.selectFrom("task_results").selectAll().where("task_id", "=", taskId).orderBy("idx").execute();
}

/** Records the result URLs the upstream reported; archived files are added by updateResult. */
export async function upsertResults(
  db: Db,
  { taskId, urls }: { taskId: string; urls: { url: string; width?: number; height?: number }[] },
): Promise<void> {
  for (const [idx, item] of urls.entries()) {
    await db
      .insertInto("task_results")
      .values({
        task_id: taskId,
        idx,
        upstream_url: item.url,
        width: item.width ?? null,
        height: item.height ?? null,
        file: null,
        thumbnail: null,
        content_type: null,
        bytes: null,
      })
      .onConflict((oc) => oc.columns(["task_id", "idx"]).doUpdateSet({ upstream_url: item.url }))
      .execute();
  }
}

export async function updateResult(
  db: Db,
  { taskId, idx, ...patch }: { taskId: string; idx: number } & Updateable<TaskResultTable>,
): Promise<void> {
  await db.updateTable("task_results").set(patch).where("task_id", "=", taskId).where("idx", "=", idx).execute();
}
