import "server-only";
import type { Kysely } from "kysely";

// Team credit control: budgets per member or for the team, "allow once" grants, the alerts that fired
// (unique per budget, period and threshold, so each fires once whatever the number of instances), the
// admin's balance entries, and each submission's estimated cost (what a queued one commits).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("budgets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("scope", "text", (col) => col.notNull())
    // '' for the team's budget: a unique index treats two NULLs as different.
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("period", "text", (col) => col.notNull())
    .addColumn("limit_credits", "double precision", (col) => col.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("budgets_one_per_period").on("budgets").columns(["scope", "user_id", "period"]).unique().execute();

  await db.schema
    .createTable("budget_grants")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("granted_by", "text")
    .addColumn("used_by_submission", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("budget_grants_open").on("budget_grants").columns(["user_id", "used_at"]).execute();

  await db.schema
    .createTable("budget_alerts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("budget_id", "text", (col) => col.notNull())
    .addColumn("period_start", "text", (col) => col.notNull())
    .addColumn("threshold", "integer", (col) => col.notNull())
    // The facts a message needs, as they were when it fired (the budget may change or go later).
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("period", "text", (col) => col.notNull())
    .addColumn("period_end", "text", (col) => col.notNull())
    .addColumn("time_zone", "text", (col) => col.notNull())
    .addColumn("limit_credits", "double precision", (col) => col.notNull())
    .addColumn("used", "double precision", (col) => col.notNull())
    .addColumn("committed", "double precision", (col) => col.notNull())
    .addColumn("fired_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("budget_alerts_once")
    .on("budget_alerts")
    .columns(["budget_id", "period_start", "threshold"])
    .unique()
    .execute();
  await db.schema.createIndex("budget_alerts_fired").on("budget_alerts").column("fired_at").execute();

  await db.schema
    .createTable("budget_alert_dismissals")
    .addColumn("alert_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull())
    .addColumn("dismissed_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("budget_alert_dismissals_pk", ["alert_id", "user_id"])
    .execute();

  await db.schema
    .createTable("balance_entries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("amount", "double precision", (col) => col.notNull())
    .addColumn("entered_by", "text")
    .addColumn("entered_at", "text", (col) => col.notNull())
    .addColumn("confirmed_low_at", "text")
    .execute();
  await db.schema.createIndex("balance_entries_entered").on("balance_entries").column("entered_at").execute();

  await db.schema.alterTable("submissions").addColumn("estimated_credits", "double precision").execute();
  // The "allow once" grant a submission went over its member's budget with: dispatch does not hold it.
  await db.schema.alterTable("submissions").addColumn("budget_grant_id", "text").execute();
  // Budgets read one member's tasks and waiting submissions of a period.
  await db.schema.createIndex("tasks_member_created").on("tasks").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("submissions_member_state").on("submissions").columns(["user_id", "state"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("submissions_member_state").ifExists().execute();
  await db.schema.dropIndex("tasks_member_created").ifExists().execute();
  await db.schema.alterTable("submissions").dropColumn("budget_grant_id").execute();
  await db.schema.alterTable("submissions").dropColumn("estimated_credits").execute();
  for (const table of ["balance_entries", "budget_alert_dismissals", "budget_alerts", "budget_grants", "budgets"])
    await db.schema.dropTable(table).ifExists().execute();
}
