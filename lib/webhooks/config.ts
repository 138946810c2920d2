import "server-only";
import type { Kysely } from "kysely";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { deleteInstanceValue, getInstanceValue, setInstanceValue } from "@/lib/db/instance";
import type { Database } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { checkPublicUrl, RefusedFetch, type Resolve } from "@/lib/http/safe-fetch";

// The team's one webhook URL (an instance row). Checked when set by the same rules as result downloads
// (public HTTPS, every address the name resolves to public), and again at every send (the name may since
// resolve elsewhere). A Slack or Discord URL is itself the secret: it is shown masked and never logged.

const KEY = "webhook_url";

export async function getWebhookUrl(db: Kysely<Database>): Promise<string | null> {
  return (await getInstanceValue(db, { key: KEY })) ?? null;
}

/** `https://hooks.slack.com/…`: enough to recognise it, nothing to post with. */
export function maskWebhookUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname.length > 1 || parsed.search ? `${parsed.origin}/…` : parsed.origin;
  } catch {
    return "(not a valid URL)";
  }
}

export async function setWebhookUrl(admin: SessionUser, url: string, { resolve }: { resolve?: Resolve } = {}): Promise<string> {
  try {
    await checkPublicUrl(url, { resolve });
  } catch (error) {
    if (!(error instanceof RefusedFetch)) throw error;
    const message = `This webhook URL cannot be used: ${error.message} Use the public HTTPS address your chat service gave you.`;
    throw new AppError("invalid:webhook_url", message, { url: message });
  }
  const { db } = database();
  await setInstanceValue(db, { key: KEY, value: url });
  await recordAudit(db, { actorId: admin.id, action: "webhook.set", detail: { target: maskWebhookUrl(url) } });
  return maskWebhookUrl(url);
}

export async function removeWebhookUrl(admin: SessionUser): Promise<void> {
  const { db } = database();
  await deleteInstanceValue(db, { key: KEY });
  await recordAudit(db, { actorId: admin.id, action: "webhook.remove" });
}
