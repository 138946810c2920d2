import "server-only";
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from "kysely";
import { dbBool } from "./booleans";
import { fairOrder } from "./fair-order";
import type { Database, SubmissionTable } from "./schema";

type Db = Kysely<Database>;
export type Submission = Selectable<SubmissionTable>;

/** Statements of at most this many rows: each row binds ~25 values, under SQLite's and Postgres's limits. */
const CHUNK = 500;

export async function insertSubmissions(db: Db, rows: Insertable<SubmissionTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto("submissions")
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/** The stored submissions among `ids`, by id. */
export async function getSubmissions(db: Db, { ids }: { ids: string[] }): Promise<Map<string, Submission>> {
  const found = new Map<string, Submission>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of await db
      .selectFrom("submissions")
      .selectAll()
      .where("id", "in", ids.slice(i, i + CHUNK))
      .execute())
      found.set(row.id, row);
  }
  return found;
}

export async function getSubmission(db: Db, { id }: { id: string }): Promise<Submission | undefined> {
  return db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function getSubmissionsOfRuns(db: Db, { runsId }: { runsId: string }): Promise<Submission[]> {
  return db.selectFrom("submissions").selectAll().where("runs_id", "=", runsId).orderBy("position").execute();
}

/** Waiting submissions in dispatch order (position, then age). */
/** What waits (or is being sent), in the order the dispatcher takes it and the queue shows it: fair across sources (./fair-order.ts). */
export async function listQueued(db: Db, { kind }: { kind?: "image" | "video" } = {}): Promise<Submission[]> {
  let query = db
    .selectFrom("submissions")
    .selectAll()
    .where("state", "in", ["queued", "sending"])
    .orderBy("position")
    .orderBy("created_at");
  if (kind) query = query.where("kind", "=", kind);
  return fairOrder(await query.execute());
}

export async function lowestPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom("submissions")
    .select((eb) => eb.fn.min("position").as("min"))
    .where("state", "=", "queued")
    .executeTakeFirst();
  return Number(row?.min ?? 0);
}

export async function highestPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom("submissions")
    .select((eb) => eb.fn.max("position").as("max"))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Submissions of a kind that are being sent right now (they may become live tasks any moment). */
export async function countSending(db: Db, { kind, now }: { kind: "image" | "video"; now: string }): Promise<number> {
  const row = await db
    .selectFrom("submissions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("kind", "=", kind)
    .where("state", "=", "sending")
    .where("lease_until", ">", now)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * "Is there room, then take it" as one statement: claims a queued submission (or one whose sender died:
 * its lease ran out) only while fewer than `limit` tasks of its kind are live or being sent, and only at the
 * version the caller listed (compare-and-set). Callers run it under `exclusive()`, so that on Postgres two
 * instances' statements cannot both count the same free slot. Answers the lease's version, or undefined.
 */
export async function claimSubmission(
  db: Db,
  {
    id,
    kind,
    limit,
    owner,
    version,
    now,
    leaseUntil,
  }: { id: string; kind: "image" | "video"; limit: number; owner: string; version: number; now: string; leaseUntil: string },
): Promise<number | undefined> {
  const busy = sql<number>`(select count(*) from tasks where kind = ${kind} and status in ('pending', 'processing') and lost = ${dbBool(false)})
    + (select count(*) from submissions where kind = ${kind} and state = 'sending' and lease_until > ${now})`;
  const result = await db
    .updateTable("submissions")
    .set({ state: "sending", lease_owner: owner, lease_version: version + 1, lease_until: leaseUntil, updated_at: now })
    .where("id", "=", id)
    .where("lease_version", "=", version)
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "queued"), eb("next_attempt_at", "<=", now)]),
        eb.and([eb("state", "=", "sending"), eb("lease_until", "<=", now)]),
      ]),
    )
    .where(busy, "<", limit)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? version + 1 : undefined;
}

/** The heartbeat of a send still running: extends the lease if this process still holds it. */
export async function renewSubmissionLease(
  db: Db,
  { id, owner, version, until }: { id: string; owner: string; version: number; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable("submissions")
    .set({ lease_until: until })
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lease_owner", "=", owner)
    .where("lease_version", "=", version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateSubmission(db: Db, { id, ...patch }: { id: string } & Updateable<SubmissionTable>): Promise<void> {
  await db.updateTable("submissions").set(patch).where("id", "=", id).execute();
}

/** Only a submission still waiting can be cancelled or moved; true when it was. */
export async function updateQueued(db: Db, { id, ...patch }: { id: string } & Updateable<SubmissionTable>): Promise<boolean> {
  const result = await db.updateTable("submissions").set(patch).where("id", "=", id).where("state", "=", "queued").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A submission held for a person's decision gets a new key and goes back in line; true when it was held. */
export async function requeueWithNewKey(
  db: Db,
  { id, idempotencyKey, now }: { id: string; idempotencyKey: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("submissions")
    .set({
      state: "queued",
      idempotency_key: idempotencyKey,
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      error_code: null,
      error_message: null,
      error_field: null,
      error_status: null,
      error_upstream_code: null,
      upstream_raw: null,
      updated_at: now,
    })
    .where("id", "=", id)
    .where("state", "=", "attention")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Submissions held for a person's decision (unknown outcome, key clash), newest first. */
export async function listNeedingAttention(db: Db, { limit }: { limit: number }): Promise<Submission[]> {
  return db.selectFrom("submissions").selectAll().where("state", "=", "attention").orderBy("updated_at", "desc").limit(limit).execute();
}

/**
 * Whether a submission sent without a known cost (estimated_credits null: its model was never charged to the
 * team) is still out without a charge Darkroom knows: being sent, waiting for a same-key resend after an
 * unclear answer (it may have been charged), or accepted as a live task that has not said what it reserved.
 * One handed to a person ("attention") is not counted: it may wait for days, and would hold every new model.
 * `userId` narrows it to one member's submissions (null: anyone's), `tokenId` to one token's. Leaves out `excludeId`.
 */
export async function unchargedInFlight(
  db: Db,
  { excludeId, userId, tokenId = null }: { excludeId: string; userId: string | null; tokenId?: string | null },
): Promise<boolean> {
  let out = db
    .selectFrom("submissions")
    .select("id")
    .where("id", "!=", excludeId)
    .where("estimated_credits", "is", null)
    .where((eb) => eb.or([eb("state", "=", "sending"), eb.and([eb("state", "=", "queued"), eb("attempts", ">", 0)])]));
  let live = db
    .selectFrom("tasks")
    .innerJoin("submissions", "submissions.id", "tasks.submission_id")
    .select("tasks.id")
    .where("tasks.status", "in", ["pending", "processing"])
    .where("tasks.lost", "=", dbBool(false))
    .where("tasks.credits_reserved", "is", null)
    .where("submissions.estimated_credits", "is", null)
    .where("submissions.id", "!=", excludeId);
  if (userId !== null) {
    out = out.where("user_id", "=", userId);
    live = live.where("submissions.user_id", "=", userId);
  }
  if (tokenId !== null) {
    out = out.where("token_id", "=", tokenId);
    live = live.where("submissions.token_id", "=", tokenId);
  }
  return Boolean((await out.limit(1).executeTakeFirst()) ?? (await live.limit(1).executeTakeFirst()));
}

/**
 * Cancels the submissions of a member (or of some of their tokens, or those named) that were never sent: waiting, with no
 * attempt made. One that was sent once and waits for a same-key resend may exist upstream, charged: it is on
 * its way and stays. Answers the ids cancelled.
 */
export async function cancelUnsent(
  db: Db,
  {
    userId,
    tokenIds,
    ids,
    code,
    message,
    at,
  }: { userId?: string; tokenIds?: string[]; ids?: string[]; code: string; message: string; at: string },
): Promise<string[]> {
  if (tokenIds?.length === 0 || ids?.length === 0 || (userId === undefined && tokenIds === undefined && ids === undefined)) return [];
  let query = db
    .updateTable("submissions")
    .set({ state: "cancelled", error_code: code, error_message: message, error_field: null, updated_at: at })
    .where("state", "=", "queued")
    .where("attempts", "=", 0);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  if (tokenIds !== undefined) query = query.where("token_id", "in", tokenIds);
  if (ids !== undefined) query = query.where("id", "in", ids);
  const rows = await query.returning("id").execute();
  return rows.map((row) => row.id);
}

/** Submissions cancelled with one of `codes` since `since`, newest first: `userId`'s only, or everyone's. */
export async function listCancelledWith(
  db: Db,
  { codes, since, userId, limit }: { codes: string[]; since: string; userId?: string; limit: number },
): Promise<Submission[]> {
  let query = db
    .selectFrom("submissions")
    .selectAll()
    .where("state", "=", "cancelled")
    .where("error_code", "in", codes)
    .where("updated_at", ">=", since);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  return query.orderBy("updated_at", "desc").limit(limit).execute();
}
