import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./schema";

type Db = Kysely<Database>;

export async function countSentSince(db: Db, { keyId, since }: { keyId: string; since: string }): Promise<number> {
  const row = await db
    .selectFrom("rate_requests")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("key_id", "=", keyId)
    .where("sent_at", ">", since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** How many requests were counted after `since`, and the oldest of them, in one read. */
export async function windowSince(
  db: Db,
  { keyId, since }: { keyId: string; since: string },
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom("rate_requests")
    .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.min("sent_at").as("oldest")])
    .where("key_id", "=", keyId)
    .where("sent_at", ">", since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}

/** The send time of the n-th oldest request (0-based) after `since`. */
export async function nthSentSince(db: Db, { keyId, since, n }: { keyId: string; since: string; n: number }): Promise<string | undefined> {
  const row = await db
    .selectFrom("rate_requests")
    .select("sent_at")
    .where("key_id", "=", keyId)
    .where("sent_at", ">", since)
    .orderBy("sent_at")
    .offset(n)
    .limit(1)
    .executeTakeFirst();
  return row?.sent_at;
}

export async function recordSent(db: Db, { keyId, at }: { keyId: string; at: string }): Promise<void> {
  await db.insertInto("rate_requests").values({ id: randomUUID(), key_id: keyId, sent_at: at }).execute();
}

export async function forgetSentBefore(db: Db, { before }: { before: string }): Promise<void> {
  await db.deleteFrom("rate_requests").where("sent_at", "<", before).execute();
}

export async function getPause(db: Db, { keyId }: { keyId: string }): Promise<string | undefined> {
  const row = await db.selectFrom("rate_pauses").select("paused_until").where("key_id", "=", keyId).executeTakeFirst();
  return row?.paused_until;
}

/** Extends the pause to `until` (never shortens one already longer). */
export async function setPause(db: Db, { keyId, until }: { keyId: string; until: string }): Promise<void> {
  await db
    .insertInto("rate_pauses")
    .values({ key_id: keyId, paused_until: until })
    .onConflict((oc) =>
      oc.column("key_id").doUpdateSet((eb) => ({
        paused_until: eb.case().when("rate_pauses.paused_until", "<", until).then(until).else(eb.ref("rate_pauses.paused_until")).end(),
      })),
    )
    .execute();
}
