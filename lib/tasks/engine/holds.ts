import "server-only";
import { deleteInstanceValue, getInstanceValue, setInstanceValue } from "@/lib/db/instance";
import type { UpstreamFailure } from "@/lib/upstream/outcome";
import { later, type Engine } from "./context";
import { acquire, pause } from "./rate-budget";

// What the engine holds back on the upstream's word: the whole queue while the API key is refused (401,
// 403), and every request for the key after a rate-limit 429. Both live in the database, so every
// Darkroom process on it holds back together.

export const AUTH_HOLD = "queue_auth_hold";
/** While the key is refused, one request a minute checks whether it works again (well within the budget). */
export const AUTH_RECHECK_MS = 60_000;

export interface AuthHold {
  reason: "key_refused" | "account_disabled";
  message: string;
  since: string;
  /** When the next request may go out to see whether the key works again. */
  recheckAt: string;
}

export async function getAuthHold(engine: Pick<Engine, "connection">): Promise<AuthHold | undefined> {
  const value = await getInstanceValue(engine.connection.db, { key: AUTH_HOLD });
  if (!value) return undefined;
  try {
    return JSON.parse(value) as AuthHold;
  } catch {
    return undefined;
  }
}

/** 401, and 403 that is not a single request refused (family G's "request not allowed"), mean the key itself. */
export function refusesKey(failure: UpstreamFailure, model?: string): AuthHold["reason"] | undefined {
  if (failure.kind === "key_rejected") return "key_refused";
  if (failure.kind !== "forbidden") return undefined;
  if (model === "gamma-5-pro" && failure.message !== "The API account is disabled.") return undefined;
  return "account_disabled";
}

export async function holdForAuth(engine: Engine, reason: AuthHold["reason"]): Promise<void> {
  const previous = await getAuthHold(engine);
  const hold: AuthHold = {
    reason,
    message:
      reason === "key_refused"
        ? "The API key was refused by the generation service. Nothing in the queue is lost; it resumes by itself once the key works again."
        : "The API account is disabled. Nothing in the queue is lost; it resumes by itself once the account is enabled again.",
    since: previous?.since ?? engine.now().toISOString(),
    recheckAt: later(engine, AUTH_RECHECK_MS),
  };
  await setInstanceValue(engine.connection.db, { key: AUTH_HOLD, value: JSON.stringify(hold) });
}

export async function releaseAuthHold(engine: Engine): Promise<void> {
  await deleteInstanceValue(engine.connection.db, { key: AUTH_HOLD });
}

/** True while `hold` stands and the next check is not due yet; the caller that goes ahead is the check. */
export async function authHeld(engine: Engine, hold: AuthHold): Promise<boolean> {
  if (hold.recheckAt > engine.now().toISOString()) return true;
  // Claim this check: the next one is a minute away, whatever this one finds.
  await setInstanceValue(engine.connection.db, {
    key: AUTH_HOLD,
    value: JSON.stringify({ ...hold, recheckAt: later(engine, AUTH_RECHECK_MS) }),
  });
  return false;
}

/** No task has this id: a retrieval of it answers 404 when the key works, 401 or 403 when it does not. */
const KEY_CHECK_TASK_ID = "task_darkroom_key_check";

/**
 * The check when no submission is waiting to serve as one: a single retrieval, inside the budget at low
 * priority. Without it a hold would outlive the refusal (and show its banner) until the next submission.
 */
export async function checkKey(engine: Engine): Promise<void> {
  const budget = await acquire(engine.connection, { keyId: engine.keyId, priority: "low", now: engine.now() });
  if (!budget.ok) return; // the claimed check moved the next one a minute on
  const outcome = await engine.client.getTask(KEY_CHECK_TASK_ID);
  if (outcome.ok || outcome.kind === "not_found") return releaseAuthHold(engine);
  const refused = refusesKey(outcome);
  if (refused) await holdForAuth(engine, refused);
}

const RATE_STREAK = "rate_429_streak:";
const STREAK_RESET_MS = 5 * 60_000;
const MAX_RATE_WAIT_MS = 60_000;
const KEY_PAUSE_MS = 2_000;

/**
 * A rate-limit 429: every request for the key waits. Retry-After (seconds or a date) says how long.
 * Without it, the key pauses 1 to 2 s (jittered), and the creation that met it backs off on its own,
 * doubling with each 429 in a row (2 s, 4 s, … up to a minute, jittered): a 429 Darkroom cannot explain
 * may be a limit on creations alone, and polls must not wait a minute for it. Polls that meet 429s
 * themselves pause the key again, so a real rate limit still holds everything.
 * The waits count from when the 429 arrived (`from`), not from now: a process that stalled after it (a busy
 * machine) would otherwise wait longer than it was asked to.
 */
export async function pauseForRate(
  engine: Engine,
  { retryAfterMs, arrivedAt }: Pick<UpstreamFailure, "retryAfterMs" | "arrivedAt">,
): Promise<{ from: number; waitMs: number; backoffMs: number }> {
  const key = RATE_STREAK + engine.keyId;
  const nowMs = arrivedAt ?? engine.now().getTime();
  let streak = 0;
  try {
    const last = JSON.parse((await getInstanceValue(engine.connection.db, { key })) ?? "null") as { n: number; at: number } | null;
    if (last && nowMs - last.at < STREAK_RESET_MS) streak = last.n;
  } catch {
    streak = 0;
  }
  await setInstanceValue(engine.connection.db, { key, value: JSON.stringify({ n: streak + 1, at: nowMs }) });
  const jitter = () => 0.5 + Math.random() / 2;
  const waitMs = retryAfterMs ?? KEY_PAUSE_MS * jitter();
  const backoffMs = retryAfterMs ?? Math.min(MAX_RATE_WAIT_MS, KEY_PAUSE_MS * 2 ** streak) * jitter();
  await pause(engine.connection, { keyId: engine.keyId, until: new Date(nowMs + waitMs) });
  return { from: nowMs, waitMs, backoffMs };
}
