import "server-only";
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

/** The Postgres channel that carries task and submission changes between Darkroom instances. */
export const EVENTS_CHANNEL = "darkroom_events";

/** Sends a small payload (a change's kind and id) to every instance listening; the state is read back by each. */
export async function notifyChange(db: Db, { payload }: { payload: string }): Promise<void> {
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`.execute(db);
}

export async function taskEventState(db: Db, { id }: { id: string }) {
  return db.selectFrom("tasks").select(["id", "status", "archive_state"]).where("id", "=", id).executeTakeFirst();
}

export async function submissionEventState(db: Db, { id }: { id: string }) {
  return db.selectFrom("submissions").select(["id", "state", "task_id"]).where("id", "=", id).executeTakeFirst();
}

/** What changed since `since` (a listener that was disconnected catches up with it); newest last, bounded. */
export async function changedSince(db: Db, { since, limit }: { since: string; limit: number }) {
  const [tasks, submissions] = await Promise.all([
    db
      .selectFrom("tasks")
      .select(["id", "status", "archive_state"])
      .where("updated_at", ">", since)
      .orderBy("updated_at", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("submissions")
      .select(["id", "state", "task_id"])
      .where("updated_at", ">", since)
      .orderBy("updated_at", "desc")
      .limit(limit)
      .execute(),
  ]);
  return { tasks: tasks.reverse(), submissions: submissions.reverse() };
}
