import "server-only";
import { database } from "@/lib/db";
import { exclusive } from "@/lib/db/exclusive";
import { clearBackoff, readBackoffs, recordFailure, uncountFailure, type Backoff } from "@/lib/db/sign-in-backoff";
import { AUTH_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { resolveClient } from "@/lib/http/client";

// Sign-in limits that slow rather than lock. Failed attempts are counted per account (whatever address
// they come from) and per client address (the one lib/http/client.ts decided on, so a made-up
// X-Forwarded-For changes nothing unless it comes through a trusted proxy). After a few free failures each
// further one doubles the wait before the next attempt, up to a cap: a guesser is slowed to a crawl, and
// a member whose account is under attack waits at most ACCOUNT.maxDelay seconds, never locked out. The
// answer says when to try again.

interface Rule {
  /** Failures in a row allowed without any wait. */
  free: number;
  /** The longest wait, in seconds. */
  maxDelay: number;
}

export const ACCOUNT: Rule = { free: 5, maxDelay: 30 };
export const ADDRESS: Rule = { free: 10, maxDelay: 300 };
/** Failures this old are forgotten. */
const FORGET_MS = 15 * 60 * 1000;

/** Seconds to wait after `failures` failures: none before `free` of them, then 1, 2, 4, … up to the cap. */
export function delaySeconds(rule: Rule, failures: number): number {
  return failures < rule.free ? 0 : Math.min(rule.maxDelay, 2 ** Math.min(failures - rule.free, 20));
}

async function emailOf(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get("content-length")) > AUTH_BODY_LIMIT) return undefined;
  try {
    const body = JSON.parse(await request.clone().text()) as { email?: unknown };
    // Only plausible addresses are counted (better-auth refuses the rest itself); NUL cannot be stored in Postgres.
    return typeof body.email === "string" && body.email.length <= 254 && !body.email.includes("\u0000")
      ? body.email.trim().toLowerCase()
      : undefined;
  } catch {
    return undefined; // better-auth answers malformed bodies itself
  }
}

function waitFor(backoffs: Backoff[], now: Date): number {
  let wait = 0;
  for (const { key, failures, lastFailureAt } of backoffs) {
    if (now.getTime() - lastFailureAt.getTime() > FORGET_MS) continue;
    const rule = key.startsWith("account:") ? ACCOUNT : ADDRESS;
    const until = lastFailureAt.getTime() + delaySeconds(rule, failures) * 1000;
    wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
  }
  return wait;
}

const seconds = (n: number) => `${n} second${n === 1 ? "" : "s"}`;

/** Runs a sign-in request through both limits; `signIn` is better-auth's handler. */
export async function throttledSignIn(request: Request, signIn: (request: Request) => Promise<Response>): Promise<Response> {
  const email = await emailOf(request);
  const { address } = resolveClient(request.headers);
  const keys = [...(email ? [`account:${email}`] : []), ...(address ? [`address:${address}`] : [])];
  const now = new Date();
  // The check and the count are one step: an attempt let through is counted as a failure at once, so each
  // of many parallel attempts sees those before it (read first and counted after the password check, 40 at
  // once were all let through).
  const { wait, before } = await exclusive(database(), "sign-in-backoff", async (trx) => {
    const before = await readBackoffs(trx, { keys });
    const wait = waitFor(before, now);
    if (wait === 0) for (const key of keys) await recordFailure(trx, { key, now, forgetMs: FORGET_MS });
    return { wait, before };
  });
  if (wait > 0) {
    return Response.json(
      { code: "TOO_MANY_REQUESTS", message: `Too many failed sign-ins. Try again in ${seconds(wait)}.`, retryAfter: wait },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const response = await signIn(request);
  if (response.status !== 401) {
    const { db } = database();
    for (const key of keys) {
      const previousAt = before.find((backoff) => backoff.key === key)?.lastFailureAt;
      await uncountFailure(db, { key, at: now, previousAt });
    }
    if (response.ok && email) await clearBackoff(db, { key: `account:${email}` });
  }
  return response;
}
