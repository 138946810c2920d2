import "server-only";
import type { Kysely } from "kysely";

// Tolerant reading of the upstream: the last answer is kept raw beside what was read from it, a task
// whose answer could not be read is marked (never dropped), a refund that never shows is said so, and a
// submission whose outcome stays unknown keeps the answer it got.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tasks").addColumn("upstream_raw", "text").execute();
  await db.schema.alterTable("tasks").addColumn("unreadable", "text").execute();
  await db.schema
    .alterTable("tasks")
    .addColumn("refund_unconfirmed", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // Tasks made or imported through the legacy endpoints are read back through the legacy retrieval.
  await db.schema
    .alterTable("tasks")
    .addColumn("legacy", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("submissions").addColumn("upstream_raw", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submissions").dropColumn("upstream_raw").execute();
  await db.schema.alterTable("tasks").dropColumn("legacy").execute();
  await db.schema.alterTable("tasks").dropColumn("refund_unconfirmed").execute();
  await db.schema.alterTable("tasks").dropColumn("unreadable").execute();
  await db.schema.alterTable("tasks").dropColumn("upstream_raw").execute();
}
