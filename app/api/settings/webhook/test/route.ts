import { withUser } from "@/lib/http/handler";
import { sendTestWebhook } from "@/lib/webhooks/settings";

// "Send test": a test message to the configured webhook, sent at once; answers how it went.
export const POST = withUser({ role: "admin" }, async ({ user }) =>
  Response.json({ delivery: await sendTestWebhook(user) }, { status: 201 }),
);
