import "server-only";
import { sql, type Kysely } from "kysely";

// Issue 46: ending a session must sign its browser out at once on every instance. Each instance keeps verified
// sessions in memory for seconds (lib/auth/session-cache.ts); a cached answer counts only while this one counter
// reads as it did when the session was verified. Every ended session, role change, disabling and change of a
// second factor moves it, in the database every instance reads, so no message can be missed by an instance
// that was down or reconnecting.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`create table session_epoch (id integer primary key, epoch bigint not null)`).execute(db);
  await sql.raw(`insert into session_epoch (id, epoch) values (1, 0)`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("session_epoch").execute();
}
