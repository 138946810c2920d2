import "server-only";
import { randomUUID } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { getWebhookDelivery, recentWebhookDeliveries } from "@/lib/db/webhooks";
import { AppError } from "@/lib/errors";
import type { WebhookDeliveryView, WebhookView } from "@/lib/schemas/exports";
import { getWebhookUrl, maskWebhookUrl } from "./config";
import { deliverOne, type WebhookTransport } from "./deliver";
import { enqueueWebhook } from "./enqueue";

// What the Settings card shows and does: the URL (masked), the latest deliveries with their errors, and a
// test message sent at once from the instance the admin is talking to.

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof getWebhookDelivery>>>;

const view = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  lastAttemptAt: row.last_attempt_at,
  nextAttemptAt: row.state === "pending" ? row.next_attempt_at : null,
  createdAt: row.created_at,
});

export async function webhookView(): Promise<WebhookView> {
  const { db } = database();
  const url = await getWebhookUrl(db);
  return { target: url ? maskWebhookUrl(url) : null, deliveries: (await recentWebhookDeliveries(db, { limit: 10 })).map(view) };
}

export async function sendTestWebhook(
  admin: SessionUser,
  { transport }: { transport?: WebhookTransport } = {},
): Promise<WebhookDeliveryView> {
  const { db } = database();
  const id = await enqueueWebhook(db, {
    kind: "test",
    text: `Darkroom test message from ${admin.name}: webhooks from Darkroom reach this channel.`,
    data: { sentBy: admin.name },
  });
  if (!id) throw new AppError("conflict:webhook_missing", "Set a webhook URL first, then send a test.");
  // Sent now rather than on the next tick, so the card can say at once whether it arrived; a failure that may
  // pass is retried by the delivery loop like any other.
  await deliverOne(db, id, { owner: `test:${randomUUID()}`, transport });
  const row = await getWebhookDelivery(db, { id });
  if (!row) throw new Error("test delivery vanished");
  return view(row);
}
