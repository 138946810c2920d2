import "server-only";
import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import { BATCH_ROW_STATUSES, type BatchCounts, type BatchRowStatus, type BatchState } from "@/lib/schemas/batches";
import type { BatchTable, Database } from "./schema";

type Db = Kysely<Database>;
export type Batch = Selectable<BatchTable>;

export async function insertBatch(db: Db, row: Insertable<BatchTable>): Promise<void> {
  await db.insertInto("batches").values(row).execute();
}

export async function getBatch(db: Db, { id }: { id: string }): Promise<Batch | undefined> {
  return db.selectFrom("batches").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Newest first: one member's (and their tokens'), or everyone's. */
export async function listBatches(db: Db, { userId, limit }: { userId?: string; limit: number }): Promise<Batch[]> {
  let query = db.selectFrom("batches").selectAll();
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function setBatchState(db: Db, { id, state, now }: { id: string; state: BatchState; now: string }): Promise<void> {
  await db.updateTable("batches").set({ state, updated_at: now }).where("id", "=", id).execute();
}

/**
 * A row's status from its submission and its task, as SQL, so counting and filtering 10,000 rows is one
 * statement: waiting (queued or being sent), paused, cancelled, failed (refused, handed to a person, or its
 * task failed), then its task's own progress.
 */
const STATUS = sql<BatchRowStatus>`case
  when s.state in ('queued', 'sending') then 'waiting'
  when s.state = 'paused' then 'paused'
  when s.state = 'cancelled' then 'cancelled'
  when s.state in ('rejected', 'attention') then 'failed'
  when t.status = 'succeeded' then 'succeeded'
  when t.status = 'failed' then 'failed'
  else 'running' end`;

const rowsOf = (db: Db, batchId: string) =>
  db.selectFrom("submissions as s").leftJoin("tasks as t", "t.id", "s.task_id").where("s.batch_id", "=", batchId);

const emptyCounts = (): BatchCounts => Object.fromEntries(BATCH_ROW_STATUSES.map((s) => [s, 0])) as BatchCounts;

/** How many rows of each batch are in each status. */
export async function batchCounts(db: Db, { ids }: { ids: string[] }): Promise<Map<string, BatchCounts>> {
  const counts = new Map(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom("submissions as s")
    .leftJoin("tasks as t", "t.id", "s.task_id")
    .select((eb) => ["s.batch_id", STATUS.as("status"), eb.fn.countAll<number | string>().as("count")])
    .where("s.batch_id", "in", ids)
    .groupBy(["s.batch_id", STATUS])
    .execute();
  for (const row of rows) counts.get(row.batch_id!)![row.status] = Number(row.count);
  return counts;
}

/**
 * The batch's credits as the Credits page words them: reserved now (held by its tasks still running), used, and
 * refunded so far.
 */
export async function batchCredits(db: Db, { id }: { id: string }): Promise<{ reserved: number; used: number; refunded: number }> {
  const row = await rowsOf(db, id)
    .select((eb) => [
      sql<number | string | null>`sum(case when t.status in ('pending', 'processing') then t.credits_reserved else 0 end)`.as("reserved"),
      eb.fn.sum<number | string | null>("t.credits_used").as("used"),
      eb.fn.sum<number | string | null>("t.credits_refunded").as("refunded"),
    ])
    .executeTakeFirst();
  return { reserved: Number(row?.reserved ?? 0), used: Number(row?.used ?? 0), refunded: Number(row?.refunded ?? 0) };
}

/** Of the batch's succeeded rows, how many results Darkroom is still copying (`pending`) or could not copy (`failed`). */
export async function batchArchiveLag(db: Db, { id }: { id: string }): Promise<{ pending: number; failed: number }> {
  const rows = await rowsOf(db, id)
    .select((eb) => ["t.archive_state", eb.fn.countAll<number | string>().as("count")])
    .where(STATUS, "=", "succeeded")
    .where("t.archive_state", "!=", "done")
    .groupBy("t.archive_state")
    .execute();
  const count = (state: string) => Number(rows.find((row) => row.archive_state === state)?.count ?? 0);
  return { pending: rows.reduce((sum, row) => sum + Number(row.count), 0) - count("failed"), failed: count("failed") };
}

/** How many of its tasks ended since `since`: the rate the ETA is read from. */
export async function batchEndedSince(db: Db, { id, since }: { id: string; since: string }): Promise<number> {
  const row = await rowsOf(db, id)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("t.completed_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface BatchRow {
  line: number;
  key: string;
  submission_id: string;
  status: BatchRowStatus;
  task_id: string | null;
  submission_error: string | null;
  submission_message: string | null;
  task_error: string | null;
  task_message: string | null;
  credits_reserved: number | null;
  credits_used: number | null;
  credits_refunded: number | null;
  archive_state: string | null;
  params: string;
  created_at: string;
  completed_at: string | null;
}

const rowColumns = (db: Db, batchId: string) =>
  rowsOf(db, batchId).select([
    sql<number>`s.batch_line`.as("line"),
    sql<string>`s.batch_key`.as("key"),
    "s.id as submission_id",
    STATUS.as("status"),
    "s.task_id",
    "s.error_code as submission_error",
    "s.error_message as submission_message",
    "t.error_code as task_error",
    "t.error_message as task_message",
    "t.credits_reserved",
    "t.credits_used",
    "t.credits_refunded",
    "t.archive_state",
    "s.params",
    "s.created_at",
    "t.completed_at",
  ]);

/** A window of the batch's rows in line order, filtered by status, and how many match. */
export async function listBatchRows(
  db: Db,
  { id, status, offset, limit }: { id: string; status?: BatchRowStatus; offset: number; limit: number },
): Promise<{ rows: BatchRow[]; total: number }> {
  let rows = rowColumns(db, id);
  let count = rowsOf(db, id).select((eb) => eb.fn.countAll<number | string>().as("count"));
  if (status !== undefined) {
    rows = rows.where(STATUS, "=", status);
    count = count.where(STATUS, "=", status);
  }
  const page = await rows.orderBy("s.batch_line").limit(limit).offset(offset).execute();
  const total = await count.executeTakeFirst();
  return { rows: page as BatchRow[], total: Number(total?.count ?? 0) };
}

/** Every row in line order, a page at a time (results files, the ZIP): memory stays one page. */
export async function* eachBatchRow(db: Db, { id, page = 500 }: { id: string; page?: number }): AsyncGenerator<BatchRow> {
  for (let after = -1; ;) {
    const rows = (await rowColumns(db, id).where("s.batch_line", ">", after).orderBy("s.batch_line").limit(page).execute()) as BatchRow[];
    yield* rows;
    if (rows.length < page) return;
    after = rows.at(-1)!.line;
  }
}

/** The batch's rows not sent yet stop waiting (paused); rows sent once and awaiting a same-key resend go on. Answers the rows changed. */
export async function pauseBatchRows(db: Db, { id, now }: { id: string; now: string }): Promise<string[]> {
  const result = await db
    .updateTable("submissions")
    .set({ state: "paused", updated_at: now })
    .where("batch_id", "=", id)
    .where("state", "=", "queued")
    .where("attempts", "=", 0)
    .returning("id")
    .execute();
  return result.map((row) => row.id);
}

export async function resumeBatchRows(db: Db, { id, now }: { id: string; now: string }): Promise<string[]> {
  const result = await db
    .updateTable("submissions")
    .set({ state: "queued", next_attempt_at: now, updated_at: now })
    .where("batch_id", "=", id)
    .where("state", "=", "paused")
    .returning("id")
    .execute();
  return result.map((row) => row.id);
}

/** Its unsent rows (waiting with no attempt made, or paused) are cancelled: they were never sent, so nothing is charged. */
export async function cancelBatchRows(db: Db, { id, message, now }: { id: string; message: string; now: string }): Promise<string[]> {
  const result = await db
    .updateTable("submissions")
    .set({ state: "cancelled", error_code: "batch_cancelled", error_message: message, error_field: null, updated_at: now })
    .where("batch_id", "=", id)
    .where((eb) => eb.or([eb("state", "=", "paused"), eb.and([eb("state", "=", "queued"), eb("attempts", "=", 0)])]))
    .returning("id")
    .execute();
  return result.map((row) => row.id);
}

/**
 * The rows that failed for good: refused by the service, or their task failed. Rows handed to a person
 * (attention: it is not known whether the service made them) are not among them: a retry might charge twice.
 */
export async function failedBatchRows(db: Db, { id }: { id: string }) {
  return rowsOf(db, id)
    .select(["s.batch_line as line", "s.batch_key as key", "s.params", "s.body", "s.model", "s.kind", "s.endpoint"])
    .where((eb) => eb.or([eb("s.state", "=", "rejected"), eb("t.status", "=", "failed")]))
    .orderBy("s.batch_line")
    .execute();
}

/** The archived results of `taskIds`, by task, in order. */
export async function batchResults(db: Db, { taskIds }: { taskIds: string[] }) {
  const byTask = new Map<string, { idx: number; file: string | null; content_type: string | null }[]>();
  for (let i = 0; i < taskIds.length; i += 500) {
    const rows = await db
      .selectFrom("task_results")
      .select(["task_id", "idx", "file", "content_type"])
      .where("task_id", "in", taskIds.slice(i, i + 500))
      .orderBy("task_id")
      .orderBy("idx")
      .execute();
    for (const row of rows) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row]);
  }
  return byTask;
}
