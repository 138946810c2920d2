import "server-only";
import type { Kysely } from "kysely";
import { claimWebhookDelivery, dueWebhookDeliveries, settleWebhookDelivery } from "@/lib/db/webhooks";
import type { Database } from "@/lib/db/schema";
import { RefusedFetch, safeFetch } from "@/lib/http/safe-fetch";
import { getWebhookUrl } from "./config";

// Sends due deliveries: each claimed under a lease (any instance may send, never two at once), POSTed through
// the SSRF guard with a time limit, and on failure tried again later with exponential backoff and jitter, up
// to MAX_ATTEMPTS. A refusal that another try cannot fix (the address is not public, the URL is gone, a 4xx
// such as Slack's 404 for a deleted webhook) fails it at once. Errors are stored without the URL's secrets.

export const MAX_ATTEMPTS = 6;
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 3_600_000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;

export interface TransportAnswer {
  status: number;
  retryAfter?: string | null;
  /** The start of the answer's body, for the error shown in Settings. */
  text?: string;
}

/** How a delivery reaches the URL; tests inject one, everything else uses the SSRF-guarded POST. */
export type WebhookTransport = (url: string, body: string) => Promise<TransportAnswer>;

export const guardedTransport: WebhookTransport = async (url, body) => {
  const response = await safeFetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "Darkroom-Webhook/1" },
    body,
    timeoutMs: TIMEOUT_MS,
    idleMs: TIMEOUT_MS,
    maxBytes: () => 64 * 1024,
  });
  const text = await response.text().catch(() => "");
  return { status: response.status, retryAfter: response.headers.get("retry-after"), text: text.slice(0, 300) };
};

export interface DeliveryOptions {
  owner: string;
  transport?: WebhookTransport;
  now?: () => Date;
  /** In [0, 1): the jitter. */
  random?: () => number;
}

/** Exponential backoff with jitter: 30 s, 1 min, 2 min … capped at an hour, each between half and all of that. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** An error message with the URL, its path and any other address cut out, short enough to show. */
export function scrubError(message: string, url: string | null): string {
  let text = message;
  if (url) {
    text = text.split(url).join("[webhook URL]");
    try {
      const { pathname, search } = new URL(url);
      for (const part of [search, pathname, ...pathname.split("/")].filter((p) => p.length >= 6)) text = text.split(part).join("…");
    } catch {
      // not a URL: nothing more to cut
    }
  }
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, "[address]")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

const retryAfterMs = (value: string | null | undefined): number => {
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 0;
};

type Outcome = { ok: true } | { ok: false; error: string; final: boolean; waitMs?: number };

async function attempt(url: string | null, body: string, transport: WebhookTransport): Promise<Outcome> {
  if (!url) return { ok: false, error: "No webhook URL is configured: set one in Settings.", final: true };
  try {
    const answer = await transport(url, body);
    if (answer.status >= 200 && answer.status < 300) return { ok: true };
    const said = answer.text ? `: ${answer.text}` : "";
    const error = scrubError(`The webhook answered HTTP ${answer.status}${said}`, url);
    const retriable = answer.status >= 500 || [408, 425, 429].includes(answer.status);
    return { ok: false, error, final: !retriable, waitMs: retryAfterMs(answer.retryAfter) };
  } catch (error) {
    if (error instanceof RefusedFetch) return { ok: false, error: `Refused: ${error.message}`, final: true };
    return { ok: false, error: scrubError(`Could not reach the webhook: ${(error as Error).message}`, url), final: false };
  }
}

/** One attempt at one delivery, if this owner can claim it now; answers whether it was attempted. */
export async function deliverOne(db: Kysely<Database>, id: string, options: DeliveryOptions): Promise<boolean> {
  const { owner, transport = guardedTransport, now = () => new Date(), random = Math.random } = options;
  const start = now();
  const row = await claimWebhookDelivery(db, {
    id,
    owner,
    now: start.toISOString(),
    until: new Date(start.getTime() + LEASE_MS).toISOString(),
  });
  if (!row) return false;
  const outcome = await attempt(await getWebhookUrl(db), row.body, transport);
  const attempts = Number(row.attempts) + 1;
  const at = now();
  const common = { attempts, last_attempt_at: at.toISOString() };
  if (outcome.ok) {
    await settleWebhookDelivery(db, {
      id,
      owner,
      patch: { ...common, state: "delivered", delivered_at: at.toISOString(), last_error: null },
    });
  } else if (outcome.final || attempts >= MAX_ATTEMPTS) {
    await settleWebhookDelivery(db, { id, owner, patch: { ...common, state: "failed", last_error: outcome.error } });
  } else {
    const wait = Math.max(backoffMs(attempts, random), Math.min(outcome.waitMs ?? 0, MAX_RETRY_MS));
    const next = new Date(at.getTime() + wait).toISOString();
    await settleWebhookDelivery(db, { id, owner, patch: { ...common, last_error: outcome.error, next_attempt_at: next } });
  }
  return true;
}

/** Sends every due delivery this owner can claim, one after another; answers how many were attempted. */
export async function deliverDueWebhooks(db: Kysely<Database>, options: DeliveryOptions & { limit?: number }): Promise<number> {
  const due = await dueWebhookDeliveries(db, { now: (options.now?.() ?? new Date()).toISOString(), limit: options.limit ?? 10 });
  let attempted = 0;
  for (const { id } of due) if (await deliverOne(db, id, options)) attempted += 1;
  return attempted;
}
