import "server-only";
import { database } from "@/lib/db";
import { clearSignInAttempts, countSignInAttempt } from "@/lib/db/sign-in-throttle";
import { SIGN_IN_LIMIT } from "./auth";

// better-auth limits sign-in per client address, but it reads the address from X-Forwarded-For, which a
// client can set to anything when Darkroom is reached directly. This second limit is per account and
// depends on no header: at most SIGN_IN_LIMIT.max attempts per email address per window.

const MAX_SIGN_IN_BODY = 16 * 1024;

async function emailOf(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get("content-length")) > MAX_SIGN_IN_BODY) return undefined;
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

/** Runs a sign-in request through the per-account limit; `signIn` is better-auth's handler. */
export async function throttledSignIn(request: Request, signIn: (request: Request) => Promise<Response>): Promise<Response> {
  const email = await emailOf(request);
  if (email) {
    const attempts = await countSignInAttempt(database().db, { email, now: new Date(), windowMs: SIGN_IN_LIMIT.window * 1000 });
    if (attempts > SIGN_IN_LIMIT.max) {
      return Response.json(
        { code: "TOO_MANY_REQUESTS", message: "Too many sign-in attempts for this account; wait a minute and try again." },
        { status: 429, headers: { "Retry-After": String(SIGN_IN_LIMIT.window) } },
      );
    }
  }
  const response = await signIn(request);
  if (email && response.ok) await clearSignInAttempts(database().db, { email });
  return response;
}
