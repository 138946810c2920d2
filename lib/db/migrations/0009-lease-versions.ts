import "server-only";
import type { Kysely } from "kysely";

// Leases carry their owner and a version, taken by compare-and-set: a process that listed a task or a
// submission before another took and released it holds an old version, and its claim fails instead of
// polling (or sending) it a second time within the 5 s floor.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tasks")
    .addColumn("lease_version", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("submissions").addColumn("lease_owner", "text").execute();
  await db.schema
    .alterTable("submissions")
    .addColumn("lease_version", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submissions").dropColumn("lease_version").execute();
  await db.schema.alterTable("submissions").dropColumn("lease_owner").execute();
  await db.schema.alterTable("tasks").dropColumn("lease_version").execute();
}
