import "server-only";
import { sql, type Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";

// What /metrics reads from the database at scrape time: gauges computed from the rows survive restarts and
// read the same on every instance (so take them from one, or max() them: docs/operations.md).

type Db = Kysely<Database>;

/** Submissions still waiting to become tasks, by state and the code they wait under (null: simply in line). */
export async function queueDepth(db: Db): Promise<{ state: string; reason: string | null; n: number }[]> {
  const rows = await db
    .selectFrom("submissions")
    .select(["state", "error_code as reason", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("state", "in", ["queued", "sending", "attention"])
    .groupBy(["state", "error_code"])
    .execute();
  return rows.map((row) => ({ state: row.state, reason: row.reason, n: Number(row.n) }));
}

/** Tasks live at the upstream (a lost task's outcome is unknown, so it is not counted), and results awaiting the archive. */
export async function liveAndArchiving(db: Db): Promise<{ live: { kind: string; n: number }[]; archivePending: number }> {
  const live = await db
    .selectFrom("tasks")
    .select(["kind", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("status", "in", ["pending", "processing"])
    .where("lost", "=", dbBool(false))
    .groupBy("kind")
    .execute();
  const archiving = await db
    .selectFrom("tasks")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "succeeded")
    .where("archive_state", "in", ["none", "pending"])
    .executeTakeFirst();
  return { live: live.map((row) => ({ kind: row.kind, n: Number(row.n) })), archivePending: Number(archiving?.n ?? 0) };
}

/** How many of Darkroom's migrations this database has run (Kysely's own bookkeeping table). */
export async function appliedMigrations(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
