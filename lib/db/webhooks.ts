import "server-only";
import type { Kysely, Updateable } from "kysely";
import type { Database, WebhookDeliveryTable } from "./schema";

type Db = Kysely<Database>;

/** Stores a delivery; false when one with the same dedupe key exists already (the event was enqueued before). */
export async function insertWebhookDelivery(
  db: Db,
  row: { id: string; kind: string; dedupeKey: string | null; body: string; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto("webhook_deliveries")
    .values({
      id: row.id,
      kind: row.kind,
      dedupe_key: row.dedupeKey,
      body: row.body,
      state: "pending",
      attempts: 0,
      next_attempt_at: row.at,
      lease_until: null,
      lease_owner: null,
      last_error: null,
      last_attempt_at: null,
      delivered_at: null,
      created_at: row.at,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Pending deliveries that are due and that nobody holds, oldest first. */
export async function dueWebhookDeliveries(db: Db, { now, limit }: { now: string; limit: number }) {
  return db
    .selectFrom("webhook_deliveries")
    .select(["id"])
    .where("state", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * Takes the lease on one delivery if it is still pending, due and free: one UPDATE, so of two instances
 * claiming at once exactly one gets it. Answers the row when this owner got it.
 */
export async function claimWebhookDelivery(db: Db, { id, owner, now, until }: { id: string; owner: string; now: string; until: string }) {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ lease_owner: owner, lease_until: until })
    .where("id", "=", id)
    .where("state", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).where("lease_owner", "=", owner).executeTakeFirst();
}

/** Records an attempt's outcome and lets the lease go; only while this owner still holds it. */
export async function settleWebhookDelivery(
  db: Db,
  { id, owner, patch }: { id: string; owner: string; patch: Updateable<WebhookDeliveryTable> },
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ ...patch, lease_owner: null, lease_until: null })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recentWebhookDeliveries(db: Db, { limit }: { limit: number }) {
  return db.selectFrom("webhook_deliveries").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function getWebhookDelivery(db: Db, { id }: { id: string }) {
  return db.selectFrom("webhook_deliveries").selectAll().where("id", "=", id).executeTakeFirst();
}
