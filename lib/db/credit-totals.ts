import "server-only";
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";

// What the team's recorded tasks spent. The API reports no balance and has no list endpoint, so the
// tasks table is the only record. Hidden tasks count: hiding a task does not give its credits back.
// Aggregates are written once for SQLite and Postgres; Postgres answers counts and some sums as strings,
// so every figure passes through Number().

type Db = Kysely<Database>;
type Eb = ExpressionBuilder<Database, "tasks">;

/** The figures every row of the page has. */
export interface CreditFigures {
  tasks: number;
  /** Credits finally debited: succeeded tasks (and succeeded ones whose upstream copy later expired). */
  used: number;
  /** Credits returned after a failure (`credits_refunded`). */
  refunded: number;
  /** Credits held by tasks still pending or generating, neither used nor refunded yet. */
  reservedNow: number;
}

export interface CreditTotals extends CreditFigures {
  /** Reserved credits of failed tasks whose refund has not settled (`refund_pending`, no `credits_refunded`). */
  refundPending: number;
  succeededTasks: number;
  failedTasks: number;
  liveTasks: number;
  refundedTasks: number;
  refundPendingTasks: number;
  /** The oldest counted task's created_at, or null when none. */
  firstCreatedAt: string | null;
}

export interface MemberCredits extends CreditFigures {
  userId: string | null;
  /** Null when the member was removed or the task has no member (imported before members existed). */
  name: string | null;
}

export interface ModelCredits extends CreditFigures {
  model: string;
}

export interface SpendPoint {
  /** `YYYY-MM-DD` or `YYYY-MM` (UTC), from the task's created_at. */
  key: string;
  used: number;
}

/** The period: tasks created at or after `since` (an ISO instant); everything when absent. */
export interface CreditRange {
  since?: string | null;
}

// ---- Which tasks count as what ----

/** Charged for good: succeeded, or succeeded and later reported `media_deleted` (no refund follows). */
const spent = (eb: Eb) => eb.or([eb("tasks.status", "=", "succeeded"), eb("tasks.error_code", "=", "media_deleted")]);
/** Failed without ever succeeding (a `media_deleted` task had succeeded, so it is not one). */
const failedOutright = (eb: Eb) =>
  eb.and([eb("tasks.status", "=", "failed"), eb.or([eb("tasks.error_code", "is", null), eb("tasks.error_code", "<>", "media_deleted")])]);
/** Pending or generating, as far as Darkroom knows (a lost task's outcome is unknown, so it holds nothing here). */
const live = (eb: Eb) => eb.and([eb("tasks.status", "in", ["pending", "processing"]), eb("tasks.lost", "=", dbBool(false))]);
const holding = (eb: Eb) => eb.and([live(eb), eb("tasks.credits_used", "is", null), eb("tasks.credits_refunded", "is", null)]);
const refunded = (eb: Eb) => eb.and([eb("tasks.status", "=", "failed"), eb("tasks.credits_refunded", "is not", null)]);
const refundPending = (eb: Eb) =>
  eb.and([eb("tasks.status", "=", "failed"), eb("tasks.error_code", "=", "refund_pending"), eb("tasks.credits_refunded", "is", null)]);

/** SUM(CASE WHEN condition THEN value ELSE 0 END): one pass over the rows for every figure. */
function sumWhen(eb: Eb, condition: Expression<SqlBool>, value: Expression<number | null>) {
  return eb.fn.sum<number | string | null>(
    eb
      .case()
      .when(condition)
      .then(eb.fn.coalesce(value, eb.lit(0)))
      .else(eb.lit(0))
      .end(),
  );
}

const countWhen = (eb: Eb, condition: Expression<SqlBool>) => sumWhen(eb, condition, eb.lit(1));

/** A succeeded task that reported no `credits_used` was charged what it reserved. */
const usedValue = (eb: Eb) => eb.fn.coalesce("tasks.credits_used", "tasks.credits_reserved");

function figures(eb: Eb) {
  return [
    eb.fn.countAll<number | string>().as("tasks"),
    sumWhen(eb, spent(eb), usedValue(eb)).as("used"),
    sumWhen(eb, refunded(eb), eb.ref("tasks.credits_refunded")).as("refunded"),
    sumWhen(eb, holding(eb), eb.ref("tasks.credits_reserved")).as("reserved_now"),
  ] as const;
}

type RawFigures = {
  tasks: number | string;
  used: number | string | null;
  refunded: number | string | null;
  reserved_now: number | string | null;
};

const toFigures = (row: RawFigures): CreditFigures => ({
  tasks: Number(row.tasks),
  used: Number(row.used ?? 0),
  refunded: Number(row.refunded ?? 0),
  reservedNow: Number(row.reserved_now ?? 0),
});

function inRange(db: Db, { since }: CreditRange) {
  const query = db.selectFrom("tasks");
  return since ? query.where("tasks.created_at", ">=", since) : query;
}

// ---- Queries ----

export async function creditTotals(db: Db, range: CreditRange = {}): Promise<CreditTotals> {
  const row = await inRange(db, range)
    .select((eb) => [
      ...figures(eb),
      sumWhen(eb, refundPending(eb), eb.ref("tasks.credits_reserved")).as("refund_pending"),
      countWhen(eb, spent(eb)).as("succeeded_tasks"),
      countWhen(eb, failedOutright(eb)).as("failed_tasks"),
      countWhen(eb, live(eb)).as("live_tasks"),
      countWhen(eb, refunded(eb)).as("refunded_tasks"),
      countWhen(eb, refundPending(eb)).as("refund_pending_tasks"),
      eb.fn.min("tasks.created_at").as("first_created_at"),
    ])
    .executeTakeFirstOrThrow();
  return {
    ...toFigures(row),
    refundPending: Number(row.refund_pending ?? 0),
    succeededTasks: Number(row.succeeded_tasks ?? 0),
    failedTasks: Number(row.failed_tasks ?? 0),
    liveTasks: Number(row.live_tasks ?? 0),
    refundedTasks: Number(row.refunded_tasks ?? 0),
    refundPendingTasks: Number(row.refund_pending_tasks ?? 0),
    firstCreatedAt: row.first_created_at ?? null,
  };
}

const byUsed = <T extends CreditFigures>(rows: T[], name: (row: T) => string): T[] =>
  rows.sort((a, b) => b.used - a.used || b.tasks - a.tasks || name(a).localeCompare(name(b)));

/** One row per member, most used first. */
export async function creditsByMember(db: Db, range: CreditRange = {}): Promise<MemberCredits[]> {
  const rows = await inRange(db, range)
    .leftJoin("user", "user.id", "tasks.user_id")
    .select((eb) => [eb.ref("tasks.user_id").as("user_id"), eb.ref("user.name").as("name"), ...figures(eb)])
    .groupBy(["tasks.user_id", "user.name"])
    .execute();
  return byUsed(
    rows.map((row) => ({ userId: row.user_id, name: row.name, ...toFigures(row) })),
    (row) => row.name ?? "",
  );
}

/** One row per model, most used first. */
export async function creditsByModel(db: Db, range: CreditRange = {}): Promise<ModelCredits[]> {
  const rows = await inRange(db, range)
    .select((eb) => [eb.ref("tasks.model").as("model"), ...figures(eb)])
    .groupBy("tasks.model")
    .execute();
  return byUsed(
    rows.map((row) => ({ model: row.model, ...toFigures(row) })),
    (row) => row.model,
  );
}

/** Credits used per UTC day (or month) of creation; buckets with nothing are absent (the page fills them). */
export async function spendByBucket(db: Db, { bucket, ...range }: CreditRange & { bucket: "day" | "month" }): Promise<SpendPoint[]> {
  const length = bucket === "day" ? 10 : 7;
  // The same literal expression in SELECT and GROUP BY: Postgres matches them only when they are identical.
  const key = (eb: Eb) => eb.fn<string>("substr", ["tasks.created_at", eb.lit(1), eb.lit(length)]);
  const rows = await inRange(db, range)
    .select((eb) => [key(eb).as("key"), eb.fn.sum<number | string | null>(usedValue(eb)).as("used")])
    .where(spent)
    .groupBy(key)
    .orderBy("key")
    .execute();
  return rows.map((row) => ({ key: row.key, used: Number(row.used ?? 0) }));
}

/** Whether any task was ever recorded (one row read, not a count). */
export async function hasTasks(db: Db): Promise<boolean> {
  return (await db.selectFrom("tasks").select("tasks.id").limit(1).executeTakeFirst()) !== undefined;
}
