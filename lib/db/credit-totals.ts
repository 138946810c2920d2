import "server-only";
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";

// What the team's recorded tasks spent. The API reports no balance and has no list endpoint, so the
// tasks table is the only record. Hidden tasks count: hiding a task does not give its credits back.
// The figures come from `credit_rollups` (per UTC day, member and model, kept by triggers on tasks: see
// migration 0011, whose per-task expressions mirror the definitions below), so the page costs the same at
// 100 tasks or 100,000. A period starting mid-day reads that day's tasks directly. Postgres answers counts
// and some sums as strings, so every figure passes through Number().

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

export interface TokenCredits extends CreditFigures {
  tokenId: string;
  /** The token's name, as the gallery's "via token ‹name›" says it. */
  name: string;
  /** Its member's name; null when the member was removed. */
  memberName: string | null;
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

type RawTotals = RawFigures & {
  refund_pending: number | string | null;
  succeeded_tasks: number | string | null;
  failed_tasks: number | string | null;
  live_tasks: number | string | null;
  refunded_tasks: number | string | null;
  refund_pending_tasks: number | string | null;
};

/** One (member, model) group's figures in the period: what every report below is summed from. */
interface Group {
  userId: string | null;
  /** The member's name, read with the figures (a statement fewer for the page); null when removed. */
  name: string | null;
  model: string;
  totals: Omit<CreditTotals, "firstCreatedAt">;
}

// Sums of many doubles added and taken away by triggers: a float's last bits are noise, not credits.
const settle = (value: number | string | null) => Math.round(Number(value ?? 0) * 1e6) / 1e6;

const toTotals = (row: RawTotals): Group["totals"] => ({
  tasks: settle(row.tasks),
  used: settle(row.used),
  refunded: settle(row.refunded),
  reservedNow: settle(row.reserved_now),
  refundPending: settle(row.refund_pending),
  succeededTasks: settle(row.succeeded_tasks),
  failedTasks: settle(row.failed_tasks),
  liveTasks: settle(row.live_tasks),
  refundedTasks: settle(row.refunded_tasks),
  refundPendingTasks: settle(row.refund_pending_tasks),
});

const ZERO: Group["totals"] = toTotals({
  tasks: 0,
  used: 0,
  refunded: 0,
  reserved_now: 0,
  refund_pending: 0,
  succeeded_tasks: 0,
  failed_tasks: 0,
  live_tasks: 0,
  refunded_tasks: 0,
  refund_pending_tasks: 0,
});

function add(a: Group["totals"], b: Group["totals"]): Group["totals"] {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof Group["totals"])[]) sum[key] = settle(a[key] + b[key]);
  return sum;
}

/** The first whole UTC day counted, and the part-day before it that must be read from tasks (null when none). */
function split({ since }: CreditRange): { fromDay: string | null; partDay: { since: string; until: string } | null } {
  if (!since) return { fromDay: null, partDay: null };
  const day = since.slice(0, 10);
  if (since === `${day}T00:00:00.000Z`) return { fromDay: day, partDay: null };
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
  return { fromDay: next.slice(0, 10), partDay: { since, until: next } };
}

/** Every (member, model) group with tasks in the period: rollups for whole days, plus any part-day from tasks. */
async function groups(db: Db, range: CreditRange): Promise<Group[]> {
  const { fromDay, partDay } = split(range);
  let rollups = db
    .selectFrom("credit_rollups as r")
    .select((eb) => [
      "r.user_id",
      "r.model",
      eb.selectFrom("user").select("user.name").whereRef("user.id", "=", "r.user_id").as("member_name"),
      eb.fn.sum<number | string>("r.tasks").as("tasks"),
      eb.fn.sum<number | string>("r.used").as("used"),
      eb.fn.sum<number | string>("r.refunded").as("refunded"),
      eb.fn.sum<number | string>("r.reserved_now").as("reserved_now"),
      eb.fn.sum<number | string>("r.refund_pending").as("refund_pending"),
      eb.fn.sum<number | string>("r.succeeded_tasks").as("succeeded_tasks"),
      eb.fn.sum<number | string>("r.failed_tasks").as("failed_tasks"),
      eb.fn.sum<number | string>("r.live_tasks").as("live_tasks"),
      eb.fn.sum<number | string>("r.refunded_tasks").as("refunded_tasks"),
      eb.fn.sum<number | string>("r.refund_pending_tasks").as("refund_pending_tasks"),
    ])
    .groupBy(["r.user_id", "r.model"]);
  if (fromDay) rollups = rollups.where("r.day", ">=", fromDay);
  const rows = (await rollups.execute()).map((row) => ({
    userId: row.user_id || null,
    name: row.member_name ?? null,
    model: row.model,
    totals: toTotals(row),
  }));
  if (partDay) {
    const part = await db
      .selectFrom("tasks")
      .where("tasks.created_at", ">=", partDay.since)
      .where("tasks.created_at", "<", partDay.until)
      .select((eb) => [
        eb.ref("tasks.user_id").as("user_id"),
        eb.ref("tasks.model").as("model"),
        eb.selectFrom("user").select("user.name").whereRef("user.id", "=", "tasks.user_id").as("member_name"),
        ...totalsFigures(eb),
      ])
      .groupBy(["tasks.user_id", "tasks.model"])
      .execute();
    rows.push(...part.map((row) => ({ userId: row.user_id, name: row.member_name ?? null, model: row.model, totals: toTotals(row) })));
  }
  return rows.filter((row) => row.totals.tasks > 0);
}

function totalsFigures(eb: Eb) {
  return [
    ...figures(eb),
    sumWhen(eb, refundPending(eb), eb.ref("tasks.credits_reserved")).as("refund_pending"),
    countWhen(eb, spent(eb)).as("succeeded_tasks"),
    countWhen(eb, failedOutright(eb)).as("failed_tasks"),
    countWhen(eb, live(eb)).as("live_tasks"),
    countWhen(eb, refunded(eb)).as("refunded_tasks"),
    countWhen(eb, refundPending(eb)).as("refund_pending_tasks"),
  ] as const;
}

/** Sums the groups by a key, keeping the first group of each key as its representative. */
function sumBy(rows: Group[], key: (row: Group) => string): { first: Group; totals: Group["totals"] }[] {
  const sums = new Map<string, { first: Group; totals: Group["totals"] }>();
  for (const row of rows) {
    const seen = sums.get(key(row));
    sums.set(key(row), { first: seen?.first ?? row, totals: add(seen?.totals ?? ZERO, row.totals) });
  }
  return [...sums.values()];
}

const figuresOf = ({ tasks, used, refunded, reservedNow }: Group["totals"]): CreditFigures => ({ tasks, used, refunded, reservedNow });

// ---- Queries ----

export async function creditTotals(db: Db, range: CreditRange = {}): Promise<CreditTotals> {
  return totalsOf(db, range, await groups(db, range));
}

async function totalsOf(db: Db, range: CreditRange, rows: Group[]): Promise<CreditTotals> {
  const totals = rows.reduce((sum, row) => add(sum, row.totals), ZERO);
  // The oldest counted task: one step down the (created_at, id) index.
  let first = db.selectFrom("tasks").select("tasks.created_at").orderBy("tasks.created_at").limit(1);
  if (range.since) first = first.where("tasks.created_at", ">=", range.since);
  return { ...totals, firstCreatedAt: (await first.executeTakeFirst())?.created_at ?? null };
}

/**
 * The totals and the per-member and per-model tables from one read of the rollups: the Credits page wants all
 * three, and each read of them is a statement (and on Postgres a round trip) the page waits for.
 */
export async function creditBreakdown(
  db: Db,
  range: CreditRange = {},
): Promise<{ totals: CreditTotals; byMember: MemberCredits[]; byModel: ModelCredits[] }> {
  const rows = await groups(db, range);
  return { totals: await totalsOf(db, range, rows), byMember: membersOf(rows), byModel: modelsOf(rows) };
}

const byUsed = <T extends CreditFigures>(rows: T[], name: (row: T) => string): T[] =>
  rows.sort((a, b) => b.used - a.used || b.tasks - a.tasks || name(a).localeCompare(name(b)));

/** One row per member, most used first. */
export async function creditsByMember(db: Db, range: CreditRange = {}): Promise<MemberCredits[]> {
  return membersOf(await groups(db, range));
}

function membersOf(rows: Group[]): MemberCredits[] {
  const members = sumBy(rows, (row) => row.userId ?? "");
  return byUsed(
    members.map(({ first, totals }) => ({
      userId: first.userId,
      name: first.userId ? first.name : null,
      ...figuresOf(totals),
    })),
    (row) => row.name ?? "",
  );
}

/** One row per model, most used first. */
export async function creditsByModel(db: Db, range: CreditRange = {}): Promise<ModelCredits[]> {
  return modelsOf(await groups(db, range));
}

function modelsOf(rows: Group[]): ModelCredits[] {
  return byUsed(
    sumBy(rows, (row) => row.model).map(({ first, totals }) => ({ model: first.model, ...figuresOf(totals) })),
    (row) => row.model,
  );
}

/**
 * One row per personal access token that made tasks in the period, most used first. The rollups are kept per
 * member and model, not per token, so this reads the token's tasks themselves with the same per-task figures
 * the rollups' triggers mirror (`figures` above): a token's row and its member's row count a task alike.
 */
export async function creditsByToken(db: Db, { since }: CreditRange = {}): Promise<TokenCredits[]> {
  let query = db
    .selectFrom("tasks")
    .innerJoin("submissions", "submissions.id", "tasks.submission_id")
    .innerJoin("access_tokens", "access_tokens.id", "submissions.token_id")
    .leftJoin("user", "user.id", "access_tokens.user_id")
    .select((eb) => [
      eb.ref("access_tokens.id").as("token_id"),
      eb.ref("access_tokens.name").as("token_name"),
      eb.ref("user.name").as("member_name"),
      ...figures(eb),
    ])
    .groupBy(["access_tokens.id", "access_tokens.name", "user.name"]);
  if (since) query = query.where("tasks.created_at", ">=", since);
  const rows = await query.execute();
  return byUsed(
    rows.map((row) => ({
      tokenId: row.token_id,
      name: row.token_name,
      memberName: row.member_name ?? null,
      tasks: settle(row.tasks),
      used: settle(row.used),
      refunded: settle(row.refunded),
      reservedNow: settle(row.reserved_now),
    })),
    (row) => row.name,
  );
}

/** One token's figures in one rollup cell (UTC day, member, model): what the usage export splits a cell by. */
export interface TokenDayFigures {
  day: string;
  userId: string;
  model: string;
  tokenId: string;
  tokenName: string;
  totals: Omit<CreditTotals, "firstCreatedAt">;
}

/**
 * The figures of tasks made through access tokens, per UTC day of creation, member, model and token, for the days
 * `fromDay` to `toDay` (inclusive): the rollups carry no token, so these are summed from the tasks themselves, with
 * the rollups' own definitions, so a cell's token parts never exceed the cell.
 */
export async function tokenFiguresByDay(db: Db, { fromDay, toDay }: { fromDay: string; toDay: string }): Promise<TokenDayFigures[]> {
  const until = new Date(Date.parse(`${toDay}T00:00:00.000Z`) + 86_400_000).toISOString();
  // The same literal expression in SELECT and GROUP BY: Postgres matches them only when they are identical.
  const day = (eb: Eb) => eb.fn<string>("substr", ["tasks.created_at", eb.lit(1), eb.lit(10)]);
  const rows = await db
    .selectFrom("tasks")
    .innerJoin("submissions", "submissions.id", "tasks.submission_id")
    .innerJoin("access_tokens", "access_tokens.id", "submissions.token_id")
    .where("tasks.created_at", ">=", `${fromDay}T00:00:00.000Z`)
    .where("tasks.created_at", "<", until)
    .select((eb) => [
      day(eb).as("day"),
      eb.ref("tasks.user_id").as("user_id"),
      eb.ref("tasks.model").as("model"),
      eb.ref("access_tokens.id").as("token_id"),
      eb.ref("access_tokens.name").as("token_name"),
      ...totalsFigures(eb),
    ])
    .groupBy((eb) => [day(eb), "tasks.user_id", "tasks.model", "access_tokens.id", "access_tokens.name"])
    .orderBy("access_tokens.name")
    .orderBy("access_tokens.id")
    .execute();
  return rows.map((row) => ({
    day: row.day,
    userId: row.user_id ?? "",
    model: row.model,
    tokenId: row.token_id,
    tokenName: row.token_name,
    totals: toTotals(row),
  }));
}

/** Credits used per UTC day (or month) of creation; buckets with nothing are absent (the page fills them). */
export async function spendByBucket(db: Db, { bucket, ...range }: CreditRange & { bucket: "day" | "month" }): Promise<SpendPoint[]> {
  const length = bucket === "day" ? 10 : 7;
  const { fromDay, partDay } = split(range);
  // The same literal expression in SELECT and GROUP BY: Postgres matches them only when they are identical.
  const dayKey = (eb: ExpressionBuilder<Database, "credit_rollups">) =>
    eb.fn<string>("substr", ["credit_rollups.day", eb.lit(1), eb.lit(length)]);
  let rollups = db
    .selectFrom("credit_rollups")
    .select((eb) => [dayKey(eb).as("key"), eb.fn.sum<number | string | null>("credit_rollups.used").as("used")])
    // A bucket with a spent task is shown even when it cost nothing; one with none is absent.
    .having((eb) => eb.fn.sum("credit_rollups.succeeded_tasks"), ">", 0)
    .groupBy(dayKey);
  if (fromDay) rollups = rollups.where("credit_rollups.day", ">=", fromDay);
  const used = new Map((await rollups.execute()).map((row) => [row.key, settle(row.used)]));
  if (partDay) {
    const key = (eb: Eb) => eb.fn<string>("substr", ["tasks.created_at", eb.lit(1), eb.lit(length)]);
    const part = await db
      .selectFrom("tasks")
      .select((eb) => [key(eb).as("key"), eb.fn.sum<number | string | null>(usedValue(eb)).as("used")])
      .where("tasks.created_at", ">=", partDay.since)
      .where("tasks.created_at", "<", partDay.until)
      .where(spent)
      .groupBy(key)
      .execute();
    for (const row of part) used.set(row.key, settle((used.get(row.key) ?? 0) + settle(row.used)));
  }
  return [...used].sort(([a], [b]) => a.localeCompare(b)).map(([key, value]) => ({ key, used: value }));
}

/** Whether any task was ever recorded (one row read, not a count). */
export async function hasTasks(db: Db): Promise<boolean> {
  return (await db.selectFrom("tasks").select("tasks.id").limit(1).executeTakeFirst()) !== undefined;
}

/** One rollup row: a UTC day, a member ('' for none) and a model. */
export interface RollupRow {
  key: string;
  totals: Omit<CreditTotals, "firstCreatedAt">;
}

const rollupKey = (day: string, userId: string, model: string) => `${day} ${userId} ${model}`;

/** The rollups as stored, zero rows included: what the tests reconcile against a full recount. */
export async function readRollups(db: Db): Promise<RollupRow[]> {
  const rows = await db.selectFrom("credit_rollups").selectAll().execute();
  return rows.map((row) => ({ key: rollupKey(row.day, row.user_id, row.model), totals: toTotals(row) }));
}

/** The same rows counted straight from the tasks table, without the rollups. */
export async function recountRollups(db: Db): Promise<RollupRow[]> {
  const day = (eb: Eb) => eb.fn<string>("substr", ["tasks.created_at", eb.lit(1), eb.lit(10)]);
  const rows = await db
    .selectFrom("tasks")
    .select((eb) => [day(eb).as("day"), eb.ref("tasks.user_id").as("user_id"), eb.ref("tasks.model").as("model"), ...totalsFigures(eb)])
    .groupBy((eb) => [day(eb), "tasks.user_id", "tasks.model"])
    .execute();
  return rows.map((row) => ({ key: rollupKey(row.day, row.user_id ?? "", row.model), totals: toTotals(row) }));
}
