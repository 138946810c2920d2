import "server-only";
import type { Kysely } from "kysely";

// Sign-in limits that slow rather than lock: failures per account and per client address, each with the
// time of the last one (the delay before the next attempt grows with the failures and is capped). Replaces
// the fixed per-account window of 0002, whose rows are only a minute's worth of counts.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sign_in_backoff")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("failures", "integer", (col) => col.notNull())
    .addColumn("last_failure_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.dropTable("sign_in_throttle").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sign_in_throttle")
    .addColumn("email", "text", (col) => col.primaryKey())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .execute();
  await db.schema.dropTable("sign_in_backoff").execute();
}
