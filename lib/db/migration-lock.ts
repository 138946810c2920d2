import "server-only";
import { sql } from "kysely";
import type { Connection } from "./connect";

// Every migration step, Darkroom's and better-auth's, runs while one session-level advisory lock is held, so
// instances starting at once on an empty database take turns: the first creates the tables, the others wait,
// then find nothing left to do. (Kysely's own lock table does not help here: creating it is itself the race.)
// Held on one connection of the pool; the migrations run on others. A process that dies frees it with its session.
const LOCK = "darkroom:migrations";

/** Runs `work` while holding the migration lock (Postgres); SQLite has one process and runs it as it is. */
export async function withMigrationLock<T>({ db, dialect }: Connection, work: () => Promise<T>): Promise<T> {
  if (dialect !== "postgres") return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${LOCK}))`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${LOCK}))`.execute(conn);
    }
  });
}
