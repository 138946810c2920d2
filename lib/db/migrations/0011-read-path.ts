import "server-only";
import { PostgresAdapter, sql, type Kysely } from "kysely";

// Reads that stay fast as the tasks table grows: a prompt index for the search, and daily credit rollups
// for the Credits page, both kept in step with `tasks` by triggers so no writer (engine, import, tests)
// has to remember them. The keyset index (created_at, id) already exists (0003).

/** Each rollup figure: its column and what one task adds to it (`r` is NEW or OLD). Mirrors credit-totals.ts. */
const FIGURES: [column: string, perTask: (r: string) => string][] = [
  ["tasks", () => "1"],
  ["used", (r) => `case when ${spent(r)} then coalesce(${r}.credits_used, ${r}.credits_reserved, 0) else 0 end`],
  ["refunded", (r) => `case when ${refunded(r)} then ${r}.credits_refunded else 0 end`],
  ["reserved_now", (r) => `case when ${holding(r)} then coalesce(${r}.credits_reserved, 0) else 0 end`],
  ["refund_pending", (r) => `case when ${refundPending(r)} then coalesce(${r}.credits_reserved, 0) else 0 end`],
  ["succeeded_tasks", (r) => `case when ${spent(r)} then 1 else 0 end`],
  ["failed_tasks", (r) => `case when ${r}.status = 'failed' and coalesce(${r}.error_code, '') <> 'media_deleted' then 1 else 0 end`],
  ["live_tasks", (r) => `case when ${live(r)} then 1 else 0 end`],
  ["refunded_tasks", (r) => `case when ${refunded(r)} then 1 else 0 end`],
  ["refund_pending_tasks", (r) => `case when ${refundPending(r)} then 1 else 0 end`],
];
const spent = (r: string) => `(${r}.status = 'succeeded' or coalesce(${r}.error_code, '') = 'media_deleted')`;
const live = (r: string) => `(${r}.status in ('pending', 'processing') and ${r}.lost = 0)`;
const holding = (r: string) => `(${live(r)} and ${r}.credits_used is null and ${r}.credits_refunded is null)`;
const refunded = (r: string) => `(${r}.status = 'failed' and ${r}.credits_refunded is not null)`;
const refundPending = (r: string) =>
  `(${r}.status = 'failed' and coalesce(${r}.error_code, '') = 'refund_pending' and ${r}.credits_refunded is null)`;

/** The columns a task's figures depend on: an update that changes none of them leaves the rollups alone. */
const COUNTED = ["status", "error_code", "lost", "credits_reserved", "credits_used", "credits_refunded", "user_id", "model", "created_at"];

const columns = FIGURES.map(([column]) => column);

/** Adds (sign 1) or takes away (sign -1) one task's figures in its day, member and model ('' for no member). */
function applyRow(r: "NEW" | "OLD", sign: 1 | -1): string {
  const values = FIGURES.map(([, perTask]) => `${sign < 0 ? "-" : ""}(${perTask(r)})`);
  return `insert into credit_rollups (day, user_id, model, ${columns.join(", ")})
    values (substr(${r}.created_at, 1, 10), coalesce(${r}.user_id, ''), ${r}.model, ${values.join(", ")})
    on conflict (day, user_id, model) do update set ${columns.map((c) => `${c} = credit_rollups.${c} + excluded.${c}`).join(", ")};`;
}

const backfill = `insert into credit_rollups (day, user_id, model, ${columns.join(", ")})
  select substr(t.created_at, 1, 10), coalesce(t.user_id, ''), t.model, ${FIGURES.map(([, perTask]) => `sum(${perTask("t")})`).join(", ")}
  from tasks t group by substr(t.created_at, 1, 10), coalesce(t.user_id, ''), t.model`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = postgres ? "double precision" : "real";
  await sql
    .raw(
      `create table credit_rollups (
        day text not null, user_id text not null, model text not null,
        ${columns.map((c) => `${c} ${c.endsWith("tasks") ? "integer" : money} not null default 0`).join(", ")},
        primary key (day, user_id, model))`,
    )
    .execute(db);
  await sql.raw(backfill).execute(db);
  const changed = COUNTED.map((c) => `OLD.${c} is ${postgres ? "distinct from" : "not"} NEW.${c}`).join(" or ");

  if (postgres) {
    await sql
      .raw(
        `create function credit_rollups_apply() returns trigger language plpgsql as $$
        begin
          if TG_OP <> 'INSERT' then ${applyRow("OLD", -1)} end if;
          if TG_OP <> 'DELETE' then ${applyRow("NEW", 1)} end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger credit_rollups_write after insert or delete on tasks for each row execute function credit_rollups_apply()`)
      .execute(db);
    await sql
      .raw(
        `create trigger credit_rollups_update after update of ${COUNTED.join(", ")} on tasks
         for each row when (${changed}) execute function credit_rollups_apply()`,
      )
      .execute(db);
    // Trigram index on the lowered prompt: the list's `lower(prompt) like '%word%'` keeps its exact
    // substring semantics and uses it for words of three characters or more. pg_trgm is a trusted extension.
    // No fast-update pending list: until a vacuum flushed it, it made the planner price the index out.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index tasks_prompt_trgm on tasks using gin (lower(prompt) gin_trgm_ops) with (fastupdate = off)`.execute(db);
    return;
  }

  await sql.raw(`create trigger credit_rollups_insert after insert on tasks begin ${applyRow("NEW", 1)} end`).execute(db);
  await sql.raw(`create trigger credit_rollups_delete after delete on tasks begin ${applyRow("OLD", -1)} end`).execute(db);
  await sql
    .raw(
      `create trigger credit_rollups_update after update of ${COUNTED.join(", ")} on tasks when ${changed}
       begin ${applyRow("OLD", -1)} ${applyRow("NEW", 1)} end`,
    )
    .execute(db);

  // FTS5 trigram index of prompts: substring matches (case-folded) for words of three characters or more.
  // It keeps its own copy keyed by task id rather than tasks' implicit rowid, which VACUUM may renumber.
  await sql`create virtual table tasks_fts using fts5(task_id unindexed, prompt, tokenize = 'trigram')`.execute(db);
  await sql`insert into tasks_fts (task_id, prompt) select id, prompt from tasks where prompt is not null`.execute(db);
  await sql`create trigger tasks_fts_insert after insert on tasks when NEW.prompt is not null begin
      insert into tasks_fts (task_id, prompt) values (NEW.id, NEW.prompt); end`.execute(db);
  // Tasks are never deleted and prompts rarely change; these find the row by scanning the copy.
  await sql`create trigger tasks_fts_delete after delete on tasks when OLD.prompt is not null begin
      delete from tasks_fts where task_id = OLD.id; end`.execute(db);
  await sql`create trigger tasks_fts_update after update of id, prompt on tasks
      when OLD.prompt is not NEW.prompt or OLD.id is not NEW.id begin
      delete from tasks_fts where task_id = OLD.id;
      insert into tasks_fts (task_id, prompt) select NEW.id, NEW.prompt where NEW.prompt is not null; end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists tasks_prompt_trgm`.execute(db);
    await sql`drop trigger if exists credit_rollups_update on tasks`.execute(db);
    await sql`drop trigger if exists credit_rollups_write on tasks`.execute(db);
    await sql`drop function if exists credit_rollups_apply()`.execute(db);
  } else {
    for (const name of [
      "tasks_fts_update",
      "tasks_fts_delete",
      "tasks_fts_insert",
      "credit_rollups_update",
      "credit_rollups_delete",
      "credit_rollups_insert",
    ])
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    await sql`drop table if exists tasks_fts`.execute(db);
  }
  await sql`drop table if exists credit_rollups`.execute(db);
}
