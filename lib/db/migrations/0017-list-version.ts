import "server-only";
import { PostgresAdapter, sql, type Kysely } from "kysely";

// One counter that every change to what the task list shows moves: tasks (any column), the team's and each
// member's hidden sets, and the tasks made from another (the `parent` filter). Triggers, so no write path can
// forget it (the engine's, a route's, another instance's, a hand-written UPDATE). GET /api/tasks keeps its
// pages in memory under this counter (lib/tasks/list-cache.ts): reading it is one primary-key row.
// Postgres bumps it at commit (deferred constraint triggers): the counter's row lock is then the last lock a
// transaction takes, so two writers cannot deadlock on it, and commit order is counter order.

const WATCHED = ["tasks", "task_hides", "task_sources"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql.raw(`create table list_version (id integer primary key, version bigint not null)`).execute(db);
  await sql.raw(`insert into list_version (id, version) values (1, 0)`).execute(db);
  if (postgres) {
    await sql
      .raw(
        `create function bump_list_version() returns trigger language plpgsql as $$
         begin update list_version set version = version + 1 where id = 1; return null; end $$`,
      )
      .execute(db);
    for (const table of WATCHED) {
      await sql
        .raw(
          `create constraint trigger ${table}_list_version after insert or update or delete on ${table}
           deferrable initially deferred for each row execute function bump_list_version()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of WATCHED) {
    for (const event of ["insert", "update", "delete"]) {
      await sql
        .raw(
          `create trigger ${table}_list_version_${event} after ${event} on ${table}
           begin update list_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of WATCHED) {
    if (postgres) await sql.raw(`drop trigger ${table}_list_version on ${table}`).execute(db);
    else for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger ${table}_list_version_${event}`).execute(db);
  }
  if (postgres) await sql.raw(`drop function bump_list_version()`).execute(db);
  await db.schema.dropTable("list_version").execute();
}
