import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { insertWebhookDelivery } from "@/lib/db/webhooks";
import { getWebhookUrl } from "./config";
import { webhookBody, type WebhookEvent } from "./payload";

/**
 * Stores an event for the team's webhook; the delivery loop sends it (lib/webhooks/loop.ts), from any
 * instance, surviving restarts. Answers the delivery's id, or null when no webhook is configured (nothing is
 * kept for one set later) or when an event with the same dedupe key was stored before (it is sent once).
 */
export async function enqueueWebhook(
  db: Kysely<Database>,
  event: WebhookEvent,
  { now = new Date() }: { now?: Date } = {},
): Promise<string | null> {
  if (!(await getWebhookUrl(db))) return null;
  const id = randomUUID();
  const createdAt = now.toISOString();
  const body = JSON.stringify(webhookBody(event, { id, createdAt }));
  const stored = await insertWebhookDelivery(db, { id, kind: event.kind, dedupeKey: event.dedupeKey ?? null, body, at: createdAt });
  return stored ? id : null;
}
