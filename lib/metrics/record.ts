import "server-only";
import { env } from "@/lib/env";
import { metrics } from "./registry";

// The small calls the engine, the upstream client, the archive and the event stream make at the point each
// thing happens. Counting is off unless METRICS_TOKEN is set: with nobody able to scrape, nothing is kept.

const on = () => env.METRICS_TOKEN !== undefined;
/** Whether counting is on, for a caller that must read the database to count (nothing is read when off). */
export const metricsOn = on;

type Kind = "image" | "video";
export interface Labels {
  model: string;
  kind: Kind;
}

/** Models come from the catalogue, but an imported task names what the upstream said: keep the label bounded. */
const model = (name: string) => (/^[a-z0-9][a-z0-9.-]{0,39}$/.test(name) ? name : "other");
/** Codes are Darkroom's own words (failure kinds, hold codes); anything else is folded. */
export const word = (code: string | null | undefined, none: string) => (code == null ? none : /^[a-z_]{1,40}$/.test(code) ? code : "other");

export function countSubmissions(labels: Labels, outcome: "queued" | "replayed" | "refused", n = 1): void {
  if (on()) metrics().submissions.inc({ model: model(labels.model), kind: labels.kind, outcome }, n);
}

export function countSend(labels: Labels, outcome: string): void {
  if (on()) metrics().sends.inc({ model: model(labels.model), kind: labels.kind, outcome: word(outcome, "unknown") });
}

export type UpstreamRoute = "create_video" | "create_image" | "get_task" | "create_legacy_video" | "get_legacy_task";

export function countUpstream(route: UpstreamRoute, status: number | "network" | "timeout", retryAfterMs?: number): void {
  if (!on()) return;
  const m = metrics();
  m.upstreamRequests.inc({ route, status: String(status) });
  if (status !== 429) return;
  m.upstream429.inc({ route, retry_after: retryAfterMs === undefined ? "absent" : "present" });
  if (retryAfterMs !== undefined) m.upstreamRetryAfter.observe({ route }, retryAfterMs / 1000);
}

/** One poll made; `sinceLastMs` is the gap since the task's previous poll, when it had one. */
export function countPoll(kind: Kind, outcome: string, sinceLastMs: number | undefined): void {
  if (!on()) return;
  metrics().polls.inc({ kind, outcome: word(outcome, "ok") });
  if (sinceLastMs !== undefined) metrics().pollInterval.observe({ kind }, sinceLastMs / 1000);
}

export function observeLatency(labels: Labels, stage: "sent" | "terminal" | "archived", from: string, to: Date): void {
  const seconds = (to.getTime() - Date.parse(from)) / 1000;
  if (on() && Number.isFinite(seconds))
    metrics().latency.observe({ model: model(labels.model), kind: labels.kind, stage }, Math.max(0, seconds));
}

export interface Credits {
  credits_reserved?: number | null;
  credits_used?: number | null;
  credits_refunded?: number | null;
  status?: string | null;
  error_code?: string | null;
}

/**
 * Credits the ledger counts as used (lib/db/credit-totals.ts): a succeeded task (or one succeeded and later
 * reported media_deleted) was charged credits_used, or what it reserved when it named no cost.
 */
const usedOf = (c: Credits) =>
  c.status === "succeeded" || c.error_code === "media_deleted" ? Number(c.credits_used ?? c.credits_reserved ?? 0) : 0;
const refundedOf = (c: Credits) => (c.status === "failed" ? Number(c.credits_refunded ?? 0) : 0);

/**
 * A task's credits went from `before` (undefined: a new row) to `after`. Called once per write, by the one
 * instance that wrote it (the creation's sender, or the poll that held the task's lease), so across instances
 * the counters sum to the ledger: they count what the ledger counts, as it changes.
 */
export function countCredits(labels: Labels, before: Credits | undefined, after: Credits): void {
  if (!on()) return;
  const m = metrics();
  const l = { model: model(labels.model), kind: labels.kind };
  const grew = (now: number, was: number) => (now > was ? now - was : 0);
  m.creditsReserved.inc(l, grew(Number(after.credits_reserved ?? 0), Number(before?.credits_reserved ?? 0)));
  m.creditsUsed.inc(l, grew(usedOf(after), before ? usedOf(before) : 0));
  m.creditsRefunded.inc(l, grew(refundedOf(after), before ? refundedOf(before) : 0));
}

export function countArchive(kind: Kind, outcome: { bytes: number } | { failure: "gone" | "retry" }): void {
  if (!on()) return;
  if ("bytes" in outcome) metrics().archiveBytes.inc({ kind }, outcome.bytes);
  else metrics().archiveFailures.inc({ kind, reason: outcome.failure });
}

export function countLeaseLost(): void {
  if (on()) metrics().leaseLost.inc();
}

export function engineTicked(at: Date): void {
  if (on()) metrics().engineTick.set(at.getTime() / 1000);
}

export function streamOpened(): () => void {
  if (!on()) return () => {};
  metrics().streamClients.inc();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    metrics().streamClients.dec();
  };
}

// When each event object was published or received here: the stream that writes it measures the lag from then.
const published = new WeakMap<object, number>();

export function eventPublished(event: object): void {
  if (on()) published.set(event, performance.now());
}

export function eventDelivered(event: object): void {
  const at = published.get(event);
  if (on() && at !== undefined) metrics().eventLag.observe((performance.now() - at) / 1000);
}
