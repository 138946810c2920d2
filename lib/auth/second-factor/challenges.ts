import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import { getAuth } from "../auth";

// A WebAuthn challenge lives in better-auth's verification table (every instance reads it), for five minutes,
// and is consumed by the one request that answers it: a replayed answer finds nothing.

const TTL_MS = 5 * 60_000;

export interface Challenge {
  challenge: string;
  /** The member it was made for (registration); null for signing in, where the passkey names its member. */
  userId: string | null;
}

export async function storeChallenge(purpose: "register" | "sign-in", challenge: Challenge): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  const context = await getAuth().$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `passkey-${purpose}-${id}`,
    value: JSON.stringify(challenge),
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  return id;
}

export async function takeChallenge(purpose: "register" | "sign-in", id: string): Promise<Challenge> {
  const context = await getAuth().$context;
  const row = await context.internalAdapter.consumeVerificationValue(`passkey-${purpose}-${id}`).catch(() => null);
  if (!row || new Date(row.expiresAt).getTime() < Date.now())
    throw new AppError("bad_request:passkey_challenge", "This passkey request has expired or was used already. Try again.");
  return JSON.parse(row.value) as Challenge;
}
