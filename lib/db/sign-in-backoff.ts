import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface Backoff {
  key: string;
  failures: number;
  lastFailureAt: Date;
}

/** The recorded failures of these keys (`account:…`, `address:…`); keys without failures are absent. */
export async function readBackoffs(db: Kysely<Database>, { keys }: { keys: string[] }): Promise<Backoff[]> {
  if (keys.length === 0) return [];
  const rows = await db.selectFrom("sign_in_backoff").selectAll().where("key", "in", keys).execute();
  return rows.map((row) => ({ key: row.key, failures: Number(row.failures), lastFailureAt: new Date(row.last_failure_at) }));
}

/**
 * Counts one failure for a key. One statement, so concurrent failures each count; failures older than
 * `forgetMs` are forgotten first (the count starts again at 1).
 */
export async function recordFailure(
  db: Kysely<Database>,
  { key, now, forgetMs }: { key: string; now: Date; forgetMs: number },
): Promise<void> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - forgetMs).toISOString();
  await db
    .insertInto("sign_in_backoff")
    .values({ key, failures: 1, last_failure_at: nowIso })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when("sign_in_backoff.last_failure_at", "<", cutoff)
          .then(1)
          .else(eb("sign_in_backoff.failures", "+", 1))
          .end(),
        last_failure_at: nowIso,
      })),
    )
    .execute();
}

/**
 * Takes back one failure counted at `at` for an attempt that did not fail after all (a success, a refused
 * body). The time of the failure before it comes back too, unless a later failure has been counted since.
 */
export async function uncountFailure(
  db: Kysely<Database>,
  { key, at, previousAt }: { key: string; at: Date; previousAt: Date | undefined },
): Promise<void> {
  const atIso = at.toISOString();
  await db
    .updateTable("sign_in_backoff")
    .set((eb) => ({
      failures: eb("failures", "-", 1),
      last_failure_at: eb
        .case()
        .when("last_failure_at", "=", atIso)
        .then((previousAt ?? at).toISOString())
        .else(eb.ref("last_failure_at"))
        .end(),
    }))
    .where("key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

export async function clearBackoff(db: Kysely<Database>, { key }: { key: string }): Promise<void> {
  await db.deleteFrom("sign_in_backoff").where("key", "=", key).execute();
}
