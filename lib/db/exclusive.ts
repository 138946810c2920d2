import "server-only";
import { sql, type Kysely } from "kysely";
import type { Connection } from "./connect";
import type { Database } from "./schema";

/**
 * Runs `work` in a transaction that no other Darkroom process can interleave with for the same `lock`:
 * Postgres takes a transaction-scoped advisory lock; SQLite takes the database's write lock up front
 * (BEGIN IMMEDIATE), so a read-then-write inside cannot be raced by another process.
 */
export async function exclusive<T>({ db, dialect }: Connection, lock: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (dialect === "postgres") {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${lock}))`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}
