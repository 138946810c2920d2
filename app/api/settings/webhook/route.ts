import { withUser } from "@/lib/http/handler";
import { webhookUrlSchema } from "@/lib/schemas/exports";
import { removeWebhookUrl, setWebhookUrl } from "@/lib/webhooks/config";
import { webhookView } from "@/lib/webhooks/settings";

// The team's webhook (admins): its masked URL and latest deliveries; set (public HTTPS only, checked like
// result downloads) or removed. Changes are recorded in the audit log.
export const GET = withUser({ role: "admin" }, async () =>
  Response.json(await webhookView(), { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = withUser({ role: "admin", body: webhookUrlSchema }, async ({ user, body }) => {
  await setWebhookUrl(user, body.url);
  return Response.json(await webhookView());
});

export const DELETE = withUser({ role: "admin" }, async ({ user }) => {
  await removeWebhookUrl(user);
  return Response.json(await webhookView());
});
