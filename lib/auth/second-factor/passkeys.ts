import "server-only";
import { randomUUID } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { deletePasskeyOf, findPasskeyByCredential, insertPasskey, listPasskeysOf, markPasskeyUsed } from "@/lib/db/passkeys";
import { bumpSessionEpoch } from "@/lib/db/sessions";
import { isUserActive } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { PasskeyView } from "@/lib/schemas/second-factor-views";
import type { SessionUser } from "../session-user";
import { storeChallenge, takeChallenge } from "./challenges";
import { refuseLastFactor } from "./last-factor";
import { relyingParty, RP_NAME } from "./relying-party";

// Passkeys on @simplewebauthn/server (better-auth's passkey plugin pins older internals than Darkroom's
// better-auth): registration by a signed-in member, and signing in with one alone, which counts as both
// factors (something held, unlocked by the device). Sessions are made by better-auth (./passkey-plugin.ts).

const view = (row: { id: string; name: string; created_at: string; last_used_at: string | null }): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export async function passkeysOf(user: SessionUser): Promise<PasskeyView[]> {
  return (await listPasskeysOf(database().db, { userId: user.id })).map(view);
}

export async function registrationOptions(user: SessionUser, request: Request) {
  const { rpID } = relyingParty(request);
  const existing = await listPasskeysOf(database().db, { userId: user.id });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    // Discoverable, so that signing in needs no email first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
  });
  const challengeId = await storeChallenge("register", { challenge: options.challenge, userId: user.id });
  return { challengeId, options };
}

const refused = () => new AppError("bad_request:passkey", "The passkey could not be verified. Try again.");

export async function registerPasskey(
  user: SessionUser,
  request: Request,
  { challengeId, response, name }: { challengeId: string; response: unknown; name: string },
): Promise<PasskeyView> {
  const { rpID, origin } = relyingParty(request);
  const challenge = await takeChallenge("register", challengeId);
  if (challenge.userId !== user.id) throw refused();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (error) {
    log.info({ err: error }, "passkey registration refused");
    throw refused();
  }
  if (!verified.verified) throw refused();
  const { credential } = verified.registrationInfo;
  const { db } = database();
  if (await findPasskeyByCredential(db, { credentialId: credential.id }))
    throw new AppError("conflict:passkey", "This passkey is registered already.");
  const row = {
    id: randomUUID(),
    user_id: user.id,
    name,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    created_at: new Date().toISOString(),
    last_used_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await insertPasskey(trx, row);
    await recordAudit(trx, {
      actorId: user.id,
      action: "second_factor.passkey.add",
      subjectId: user.id,
      detail: { passkey: row.id, name },
    });
    await bumpSessionEpoch(trx); // their sessions may now pass the team's rule
  });
  return view(row);
}

export async function removePasskey(user: SessionUser, id: string): Promise<void> {
  const { db } = database();
  await db.transaction().execute(async (trx) => {
    const row = await deletePasskeyOf(trx, { userId: user.id, id });
    if (!row) throw new AppError("not_found:passkey", "No such passkey.");
    await refuseLastFactor(trx, user);
    await recordAudit(trx, {
      actorId: user.id,
      action: "second_factor.passkey.remove",
      subjectId: user.id,
      detail: { passkey: id, name: row.name },
    });
    await bumpSessionEpoch(trx);
  });
}

export async function signInOptions(request: Request) {
  const { rpID } = relyingParty(request);
  const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred", allowCredentials: [] });
  const challengeId = await storeChallenge("sign-in", { challenge: options.challenge, userId: null });
  return { challengeId, options };
}

/** The member a passkey answer signs in, once its signature, challenge, origin and counter check out. */
export async function verifySignIn(
  request: Request,
  { challengeId, response }: { challengeId: string; response: unknown },
): Promise<string> {
  const { rpID, origin } = relyingParty(request);
  const challenge = await takeChallenge("sign-in", challengeId);
  const answer = response as AuthenticationResponseJSON;
  const { db } = database();
  const row = typeof answer?.id === "string" ? await findPasskeyByCredential(db, { credentialId: answer.id }) : undefined;
  if (!row) throw new AppError("unauthorized:passkey", "This passkey is not registered with Darkroom.");
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.credential_id,
        publicKey: Buffer.from(row.public_key, "base64url"),
        counter: Number(row.counter),
        transports: transportsOf(row.transports),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    log.info({ err: error }, "passkey sign-in refused");
    throw new AppError("unauthorized:passkey", "The passkey could not be verified. Try again.");
  }
  if (!verified.verified) throw new AppError("unauthorized:passkey", "The passkey could not be verified. Try again.");
  if (!(await isUserActive(db, { id: row.user_id })))
    throw new AppError("forbidden:disabled", "This account is disabled. Ask an admin to enable it.");
  await markPasskeyUsed(db, { id: row.id, counter: verified.authenticationInfo.newCounter, at: new Date().toISOString() });
  return row.user_id;
}

function transportsOf(value: string | null): AuthenticatorTransport[] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed.filter((t) => typeof t === "string") as AuthenticatorTransport[]) : undefined;
  } catch {
    return undefined;
  }
}
