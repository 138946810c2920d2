// How long the upstream keeps an image, and what that means now: the one reckoning behind the task page, the
// gallery's cards, the Overview's "expires within 48 hours" and the engine's last look after retention.
// Spec: images are kept 7 days on free accounts, up to 30 on paid or Lifetime; videos have no guaranteed
// period (their URLs may be temporary), so they have no expiry here. Client-safe: no clock is read here, the
// caller passes its `now`.

export const RETENTION_DAYS = { free: 7, paid: 30, lifetime: 30 } as const;
export type Plan = keyof typeof RETENTION_DAYS;

const DAY_MS = 86_400_000;
/** An upstream copy that goes within this is "expiring": the page and cards warn, the Overview lists it. */
export const EXPIRY_WARNING_MS = 2 * DAY_MS;

/** What a task row says about its upstream copy. */
export interface CopyFacts {
  kind: "image" | "video";
  status: string;
  /** Darkroom's clock: when Darkroom saw the success. */
  completed_at: string | null;
  /** The upstream's clock: the task's last change there (for a success, the success). */
  upstream_updated_at: string | null;
  media_deleted_at: string | null;
  archive_state: string;
}

/** What a task's view says: its expiry was reckoned on the server by this module (lib/tasks/task-views.ts). */
export interface ReckonedCopy {
  expiresAt: string | null;
  archive: { state: string };
}

/** The upstream's clock, as Darkroom knows it. */
export interface UpstreamClock {
  plan: Plan;
  /** How far the upstream's clock is ahead of Darkroom's (lib/upstream/clock.ts; negative when behind). */
  skewMs: number;
}

export interface UpstreamCopy {
  /** When the upstream deletes its copy, on Darkroom's clock: the moment to show a person. */
  expiresAt: string;
  /** How long the copy has left at `now` (negative once past). */
  leftMs: number;
  /** kept: more than 48 h left; expiring: 48 h or less; expired: the upstream has (or is due to have) deleted it. */
  state: "kept" | "expiring" | "expired";
  /** Darkroom's archive holds the result, so the upstream's deletion costs nothing. */
  archived: boolean;
}

/**
 * An image's upstream copy at `now`, or null when there is none to count down (a video, a task that did not
 * succeed, a copy the upstream already reported deleted).
 *
 * Which clock: the upstream deletes on its own clock, so the count runs there. The success is the upstream's
 * `updated_at` (its clock), the retention is added on that clock, and `now` (Darkroom's clock: the server's,
 * or the engine's, which is the same one the skew was measured against) is moved onto the upstream's clock
 * with the measured skew before the two are compared. Reading both ends on one clock is what keeps the answer
 * right when the clocks disagree by days (the emulator's moves): mixing Darkroom's "seen at" with the
 * upstream's deletion, as the Overview once did, put a copy 32 h from deletion outside "the next 48 hours".
 * Only the moment shown to people is moved back to Darkroom's clock. Without the upstream's timestamp, the
 * moment Darkroom saw the success stands in, on Darkroom's clock, with no skew to apply.
 *
 * A view (`expiresAt` already reckoned on the server, on Darkroom's clock) is judged against `now` alone: in
 * a browser, its own clock stands in for Darkroom's.
 */
export function upstreamCopy(task: ReckonedCopy, now: number): UpstreamCopy | null;
export function upstreamCopy(task: CopyFacts, now: number, clock: UpstreamClock): UpstreamCopy | null;
export function upstreamCopy(task: CopyFacts | ReckonedCopy, now: number, clock?: UpstreamClock): UpstreamCopy | null {
  if ("expiresAt" in task) {
    const at = task.expiresAt ? Date.parse(task.expiresAt) : Number.NaN;
    return Number.isNaN(at) ? null : judge(at, now, task.archive.state === "done");
  }
  if (!clock || task.kind !== "image" || task.status !== "succeeded" || !task.completed_at || task.media_deleted_at) return null;
  const retention = RETENTION_DAYS[clock.plan] * DAY_MS;
  const archived = task.archive_state === "done";
  const upstreamDone = task.upstream_updated_at ? Date.parse(task.upstream_updated_at) : Number.NaN;
  if (!Number.isNaN(upstreamDone)) {
    // On the upstream's clock: its deletion less its now; then the deletion moved onto ours for people.
    const left = upstreamDone + retention - (now + clock.skewMs);
    return judge(now + left, now, archived);
  }
  const seen = Date.parse(task.completed_at);
  return Number.isNaN(seen) ? null : judge(seen + retention, now, archived);
}

function judge(expiresAt: number, now: number, archived: boolean): UpstreamCopy {
  const leftMs = expiresAt - now;
  const state = leftMs <= 0 ? "expired" : leftMs <= EXPIRY_WARNING_MS ? "expiring" : "kept";
  return { expiresAt: new Date(expiresAt).toISOString(), leftMs, state, archived };
}

/**
 * The successes whose copy is gone by `expiresBy` (Darkroom's clock), as bounds a query can use: the same
 * reckoning as upstreamCopy, turned round. `upstream` bounds `upstream_updated_at` (the upstream's clock);
 * `seen` bounds `completed_at` (Darkroom's) for tasks without an upstream timestamp. A task expires at or
 * before `expiresBy` exactly when its success is at or before the bound.
 */
export function succeededBy(expiresBy: number, clock: UpstreamClock): { upstream: string; seen: string } {
  const retention = RETENTION_DAYS[clock.plan] * DAY_MS;
  return {
    upstream: new Date(expiresBy + clock.skewMs - retention).toISOString(),
    seen: new Date(expiresBy - retention).toISOString(),
  };
}
