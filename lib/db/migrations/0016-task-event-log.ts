import "server-only";
import { PostgresAdapter, sql, type Kysely } from "kysely";

// Live updates that carry the change: each task remembers a hash of the view it last showed and a version
// bumped when that view changes, so a poll that changes nothing visible publishes nothing. Every published
// change is appended to `task_events` with a sequence number: the `id:` of the event stream, from the
// database, so any instance can resume a stream after a reconnect (Last-Event-ID) and replay what was missed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable("tasks")
    .addColumn("view_version", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("tasks").addColumn("view_hash", "text").execute();
  await sql
    .raw(
      `create table task_events (
        seq ${postgres ? "integer generated always as identity primary key" : "integer primary key autoincrement"},
        kind text not null,
        subject_id text not null,
        version integer,
        body text not null,
        created_at text not null)`,
    )
    .execute(db);
  await db.schema.createIndex("task_events_created").on("task_events").column("created_at").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("task_events").execute();
  await db.schema.alterTable("tasks").dropColumn("view_hash").execute();
  await db.schema.alterTable("tasks").dropColumn("view_version").execute();
}
