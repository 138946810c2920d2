import "server-only";
import type { Kysely } from "kysely";
import type { Database, TaskEventTable } from "./schema";

type Db = Kysely<Database>;

export type TaskEventRow = Omit<TaskEventTable, "seq"> & { seq: number };

/**
 * Records a task's new view hash and bumps its version, unless the hash is the one last recorded: answers
 * the new version, or undefined when nothing visible changed (or the task is gone).
 */
export async function bumpViewVersion(db: Db, { id, hash }: { id: string; hash: string }): Promise<number | undefined> {
  const row = await db
    .updateTable("tasks")
    .set((eb) => ({ view_hash: hash, view_version: eb("view_version", "+", 1) }))
    .where("id", "=", id)
    .where((eb) => eb.or([eb("view_hash", "is", null), eb("view_hash", "<>", hash)]))
    .returning("view_version")
    .executeTakeFirst();
  return row?.view_version;
}

export async function appendTaskEvent(db: Db, event: Omit<TaskEventTable, "seq">): Promise<number> {
  const row = await db.insertInto("task_events").values(event).returning("seq").executeTakeFirstOrThrow();
  return Number(row.seq);
}

export async function taskEventBySeq(db: Db, { seq }: { seq: number }): Promise<TaskEventRow | undefined> {
  const row = await db.selectFrom("task_events").selectAll().where("seq", "=", seq).executeTakeFirst();
  return row && { ...row, seq: Number(row.seq) };
}

/** Events after `after`, oldest first, at most `limit`. */
export async function taskEventsAfter(db: Db, { after, limit }: { after: number; limit: number }): Promise<TaskEventRow[]> {
  const rows = await db.selectFrom("task_events").selectAll().where("seq", ">", after).orderBy("seq").limit(limit).execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** The last event's seq (0 when none), and the first one still kept (to tell whether a resume can be exact). */
export async function taskEventBounds(db: Db): Promise<{ first: number; last: number }> {
  const row = await db
    .selectFrom("task_events")
    .select((eb) => [eb.fn.min("seq").as("first"), eb.fn.max("seq").as("last")])
    .executeTakeFirst();
  return { first: Number(row?.first ?? 0), last: Number(row?.last ?? 0) };
}

/** Drops events older than `before` (a stream gone that long refetches instead of resuming). */
export async function pruneTaskEvents(db: Db, { before }: { before: string }): Promise<void> {
  await db.deleteFrom("task_events").where("created_at", "<", before).execute();
}
