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

/**
 * Holds a task for one poll so that no other process polls it at the same time: a compare-and-set on the
 * version the caller listed, so a process holding a stale listing (another took, polled and released the
 * task since) fails instead of polling it again inside the 5 s floor. Answers the lease's version, or
 * undefined when someone else has it.
 */
export async function leaseTask(
  db: Db,
  { id, owner, version, now, until }: { id: string; owner: string; version: number; now: string; until: string },
): Promise<number | undefined> {
  const result = await db
    .updateTable("tasks")
    .set({ lease_owner: owner, lease_until: until, lease_version: version + 1 })
    .where("id", "=", id)
    .where("lease_version", "=", version)
    .where("next_poll_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? version + 1 : undefined;
}

/** The heartbeat of a poll still running: extends the lease if this process still holds it. */
export async function renewTaskLease(
  db: Db,
  { id, owner, version, until }: { id: string; owner: string; version: number; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable("tasks")
    .set({ lease_until: until })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .where("lease_version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Writes a poll's outcome and releases the lease, only if this process still holds it: a process whose
 * lease ran out (it stalled; another has taken the task over) must not overwrite the newer outcome.
 */
export async function finishLeasedTask(
  db: Db,
  { id, owner, version, ...patch }: { id: string; owner: string; version: number } & Updateable<TaskTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("tasks")
    .set({ ...patch, lease_owner: null, lease_until: null })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .where("lease_version", "=", version)
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
