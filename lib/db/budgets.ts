import "server-only";
import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import { dbBool } from "./booleans";
import { database } from "./index";
import type { BudgetAlertTable, BudgetTable, Database } from "./schema";

type Db = Kysely<Database>;
export type Budget = Selectable<BudgetTable>;
export type BudgetAlert = Selectable<BudgetAlertTable>;

const numeric = (value: unknown) => Number(value ?? 0);

/** The team's budgets, and the member's own when `userId` is given (all budgets when it is not). */
export async function listBudgets(db: Db, { userId }: { userId?: string } = {}): Promise<Budget[]> {
  let query = db.selectFrom("budgets").selectAll().orderBy("scope", "desc").orderBy("user_id").orderBy("period");
  if (userId !== undefined) query = query.where((eb) => eb.or([eb("scope", "=", "team"), eb("user_id", "=", userId)]));
  return (await query.execute()).map((b) => ({ ...b, limit_credits: numeric(b.limit_credits) }));
}

export async function getBudget(db: Db, { id }: { id: string }): Promise<Budget | undefined> {
  const row = await db.selectFrom("budgets").selectAll().where("id", "=", id).executeTakeFirst();
  return row && { ...row, limit_credits: numeric(row.limit_credits) };
}

/** One budget per scope, member and period: setting it again changes its limit. */
export async function upsertBudget(db: Db, row: Omit<Insertable<BudgetTable>, "id">): Promise<{ budget: Budget; previous: number | null }> {
  const previous = await db
    .selectFrom("budgets")
    .select("limit_credits")
    .where("scope", "=", row.scope)
    .where("user_id", "=", row.user_id)
    .where("period", "=", row.period)
    .executeTakeFirst();
  await db
    .insertInto("budgets")
    .values({ id: randomUUID(), ...row })
    .onConflict((oc) =>
      oc
        .columns(["scope", "user_id", "period"])
        .doUpdateSet({ limit_credits: row.limit_credits, updated_by: row.updated_by, updated_at: row.updated_at }),
    )
    .execute();
  const budget = await db
    .selectFrom("budgets")
    .selectAll()
    .where("scope", "=", row.scope)
    .where("user_id", "=", row.user_id)
    .where("period", "=", row.period)
    .executeTakeFirstOrThrow();
  return {
    budget: { ...budget, limit_credits: numeric(budget.limit_credits) },
    previous: previous ? numeric(previous.limit_credits) : null,
  };
}

export async function deleteBudget(db: Db, { id }: { id: string }): Promise<boolean> {
  const result = await db.deleteFrom("budgets").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A window's figures in the ledger's words (lib/credits/ledger.ts defines each). */
export interface SpendFigures {
  tasks: number;
  used: number;
  reservedNow: number;
  refundPending: number;
  refunded: number;
  /** Estimated cost of submissions waiting in line or being sent. */
  queued: number;
}

// The same per-task conditions as lib/db/credit-totals.ts and the credit rollups' triggers (migration 0011): a
// budget, the balance estimate and the Credits page count each task under the same word.
const SPENT = sql`(t.status = 'succeeded' or coalesce(t.error_code, '') = 'media_deleted')`;
const HOLDING = sql`(t.status in ('pending', 'processing') and t.lost = ${dbBool(false)} and t.credits_used is null and t.credits_refunded is null)`;
const REFUNDED = sql`(t.status = 'failed' and t.credits_refunded is not null)`;
const REFUND_PENDING = sql`(t.status = 'failed' and coalesce(t.error_code, '') = 'refund_pending' and t.credits_refunded is null)`;

/** What waits for a task: in line, being sent, or in a paused batch. */
const WAITING_STATES = ["queued", "sending", "paused"] as const;

/**
 * What tasks created in [start, end) and the submissions waiting now commit, for one member (`userId`) or
 * the whole team (null). `queued: "sending"` leaves out those still waiting in line (the dispatcher's
 * re-check, which adds the one it is about to send). Reads tasks by (user_id, created_at) or (created_at, id).
 * Callers read it through lib/credits/ledger.ts, which runs both reads in one snapshot.
 */
export async function spendFigures(
  db: Db,
  { userId, start, end, queued = "all" }: { userId: string | null; start: string; end: string; queued?: "all" | "sending" },
): Promise<SpendFigures> {
  const member = userId === null ? sql`` : sql`and t.user_id = ${userId}`;
  const tasks = await sql<{ tasks: unknown; used: unknown; held: unknown; refund_pending: unknown; refunded: unknown }>`
    select
      count(*) as tasks,
      coalesce(sum(case when ${SPENT} then coalesce(t.credits_used, t.credits_reserved, 0) else 0 end), 0) as used,
      coalesce(sum(case when ${HOLDING} then coalesce(t.credits_reserved, 0) else 0 end), 0) as held,
      coalesce(sum(case when ${REFUND_PENDING} then coalesce(t.credits_reserved, 0) else 0 end), 0) as refund_pending,
      coalesce(sum(case when ${REFUNDED} then t.credits_refunded else 0 end), 0) as refunded
    from tasks t where t.created_at >= ${start} and t.created_at < ${end} ${member}`.execute(db);
  // A paused batch's rows still count at the door: the member means to resume them (and the dispatcher judges each again).
  const states = queued === "all" ? WAITING_STATES : (["sending"] as const);
  let waiting = db
    .selectFrom("submissions")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("estimated_credits"), eb.lit(0)).as("queued"))
    .where("state", "in", [...states]);
  if (userId !== null) waiting = waiting.where("user_id", "=", userId);
  const row = tasks.rows[0];
  return {
    tasks: numeric(row?.tasks),
    used: round(numeric(row?.used)),
    reservedNow: round(numeric(row?.held)),
    refundPending: round(numeric(row?.refund_pending)),
    refunded: round(numeric(row?.refunded)),
    queued: round(numeric((await waiting.executeTakeFirst())?.queued)),
  };
}

/**
 * What everything made through one personal access token commits, ever: used, reserved now, refund pending,
 * and the estimate of what waits (the same words as `spendFigures`; `waiting: "sending"` leaves out what still
 * waits in line, as the dispatcher counts). Read inside the budgets' lock at submission and the dispatcher's.
 */
export async function tokenCommitted(
  db: Db,
  { tokenId, waiting: which = "all" }: { tokenId: string; waiting?: "all" | "sending" },
): Promise<number> {
  const tasks = await sql<{ committed: unknown }>`
    select coalesce(sum(case when ${SPENT} then coalesce(t.credits_used, t.credits_reserved, 0)
      when ${HOLDING} or ${REFUND_PENDING} then coalesce(t.credits_reserved, 0) else 0 end), 0) as committed
    from tasks t join submissions s on s.id = t.submission_id where s.token_id = ${tokenId}`.execute(db);
  const waiting = await db
    .selectFrom("submissions")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("estimated_credits"), eb.lit(0)).as("queued"))
    .where("state", "in", which === "all" ? [...WAITING_STATES] : ["sending"])
    .where("token_id", "=", tokenId)
    .executeTakeFirst();
  return round(numeric(tasks.rows[0]?.committed) + numeric(waiting?.queued));
}

/** Runs `read` in one snapshot: a repeatable-read transaction on Postgres, a read transaction on SQLite (WAL). */
export async function inOneSnapshot<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  // Already inside a transaction (the budget check at submission holds one: a Kysely transaction on Postgres, a
  // connection after BEGIN IMMEDIATE on SQLite, lib/db/exclusive.ts): its reads are one snapshot already, and
  // SQLite cannot nest a BEGIN. Only the app's own pool opens one here.
  if (db.isTransaction || db !== database().db) return read(db);
  return db.transaction().setIsolationLevel("repeatable read").execute(read);
}

// Sums of doubles: the last bits are noise, not credits.
const round = (value: number) => Math.round(value * 1000) / 1000;

// ---- "allow once" ----

export async function insertGrant(db: Db, { userId, grantedBy, now }: { userId: string; grantedBy: string; now: string }): Promise<string> {
  const id = randomUUID();
  await db.insertInto("budget_grants").values({ id, user_id: userId, granted_by: grantedBy, created_at: now }).execute();
  return id;
}

export async function openGrant(db: Db, { userId }: { userId: string }): Promise<{ id: string; granted_by: string | null } | undefined> {
  return db
    .selectFrom("budget_grants")
    .select(["id", "granted_by"])
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .orderBy("created_at")
    .executeTakeFirst();
}

/** Takes the grant for one submission; false when another took it first. */
export async function consumeGrant(db: Db, { id, submissionId, now }: { id: string; submissionId: string; now: string }): Promise<boolean> {
  const result = await db
    .updateTable("budget_grants")
    .set({ used_by_submission: submissionId, used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function openGrantsByMember(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("budget_grants").select("user_id").where("used_at", "is", null).execute();
  return new Set(rows.map((r) => r.user_id));
}

// ---- alerts ----

/** Records an alert unless this budget, period and threshold already fired; true when this call recorded it. */
export async function insertAlert(db: Db, row: Omit<Insertable<BudgetAlertTable>, "id">): Promise<BudgetAlert | undefined> {
  const id = randomUUID();
  const result = await db
    .insertInto("budget_alerts")
    .values({ id, ...row })
    .onConflict((oc) => oc.columns(["budget_id", "period_start", "threshold"]).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
  return db.selectFrom("budget_alerts").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Alerts of periods not yet over, each with whether `viewer` dismissed it (a dismissed 80% still hides the 50%
 * under it): all members' for admins, else their own and the team's. lib/budgets/alert-choice.ts picks one per budget.
 */
export async function listPeriodAlerts(
  db: Db,
  { viewerId, admin, now }: { viewerId: string; admin: boolean; now: string },
): Promise<(BudgetAlert & { dismissed: boolean })[]> {
  let query = db
    .selectFrom("budget_alerts")
    .selectAll()
    .select(({ exists, selectFrom }) =>
      exists(
        selectFrom("budget_alert_dismissals")
          .select("alert_id")
          .whereRef("budget_alert_dismissals.alert_id", "=", "budget_alerts.id")
          .where("budget_alert_dismissals.user_id", "=", viewerId),
      ).as("dismissed"),
    )
    .where("period_end", ">", now)
    .orderBy("fired_at", "desc");
  if (!admin) query = query.where((eb) => eb.or([eb("scope", "=", "team"), eb("user_id", "=", viewerId)]));
  // SQLite answers EXISTS as 0 or 1, Postgres as a boolean.
  return (await query.execute()).map((row) => ({ ...row, dismissed: Boolean(Number(row.dismissed)) }));
}

/** The alert a budget fired for this period and threshold, if it did. */
export async function findAlert(
  db: Db,
  { budgetId, periodStart, threshold }: { budgetId: string; periodStart: string; threshold: number },
): Promise<BudgetAlert | undefined> {
  return db
    .selectFrom("budget_alerts")
    .selectAll()
    .where("budget_id", "=", budgetId)
    .where("period_start", "=", periodStart)
    .where("threshold", "=", threshold)
    .executeTakeFirst();
}

export async function getAlert(db: Db, { id }: { id: string }): Promise<BudgetAlert | undefined> {
  return db.selectFrom("budget_alerts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function dismissAlert(db: Db, { alertId, userId, now }: { alertId: string; userId: string; now: string }): Promise<void> {
  await db
    .insertInto("budget_alert_dismissals")
    .values({ alert_id: alertId, user_id: userId, dismissed_at: now })
    .onConflict((oc) => oc.columns(["alert_id", "user_id"]).doNothing())
    .execute();
}

// ---- the balance ----

export async function insertBalance(db: Db, { amount, enteredBy, now }: { amount: number; enteredBy: string; now: string }): Promise<void> {
  await db.insertInto("balance_entries").values({ id: randomUUID(), amount, entered_by: enteredBy, entered_at: now }).execute();
}

export async function latestBalance(db: Db) {
  const row = await db
    .selectFrom("balance_entries")
    .leftJoin("user", "user.id", "balance_entries.entered_by")
    .select([
      "balance_entries.id",
      "balance_entries.amount",
      "balance_entries.entered_at",
      "balance_entries.confirmed_low_at",
      "user.name as entered_by_name",
    ])
    .orderBy("balance_entries.entered_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, amount: numeric(row.amount) };
}

/** After a 402: the latest entry's estimate is confirmed low. */
export async function markBalanceLow(db: Db, { now }: { now: string }): Promise<void> {
  const latest = await latestBalance(db);
  if (latest && !latest.confirmed_low_at)
    await db.updateTable("balance_entries").set({ confirmed_low_at: now }).where("id", "=", latest.id).execute();
}

/** After a budget changed (or a first charge came in): submissions it held are looked at again on the next tick. */
export async function releaseBudgetHolds(
  db: Db,
  { now, codes = [OVER_BUDGET, FIRST_CHARGE] }: { now: string; codes?: readonly string[] },
): Promise<void> {
  await db
    .updateTable("submissions")
    .set({ next_attempt_at: now })
    .where("state", "=", "queued")
    .where("error_code", "in", [...codes])
    .execute();
}

/** The hold reason a queued submission carries while its budget does not allow it (its `error_code`). */
export const OVER_BUDGET = "over_budget";
/**
 * The hold reason of a submission whose cost is not known (its configuration was never charged to the team) while another
 * such submission under the same budget is out and has not been charged yet.
 */
export const FIRST_CHARGE = "first_charge";
