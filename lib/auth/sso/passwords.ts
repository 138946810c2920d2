import "server-only";
import type { Kysely } from "kysely";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { getInstanceValue, setInstanceValue } from "@/lib/db/instance";
import type { Database } from "@/lib/db/schema";
import { getMember } from "@/lib/db/users";
import type { PasswordPolicy } from "@/lib/schemas/sso-views";

// Passwords stay for the first admin and break-glass use: with single sign-on in place an admin may turn them off
// for everyone else. Asked when better-auth is about to make a session for a password sign-in (lib/auth/auth.ts),
// after the password was checked, so the answer tells nothing about an address to someone without its password.

const KEY = "sso_passwords";

export const PASSWORDS_OFF_MESSAGE =
  "Password sign-in is turned off for your account: use your team's single sign-on button on this page. Ask an admin if you cannot.";

export async function passwordPolicy(db: Kysely<Database> = database().db): Promise<PasswordPolicy> {
  return (await getInstanceValue(db, { key: KEY })) === "admins" ? "admins" : "everyone";
}

export async function setPasswordPolicy(admin: SessionUser, passwords: PasswordPolicy): Promise<void> {
  const { db } = database();
  await setInstanceValue(db, { key: KEY, value: passwords });
  await recordAudit(db, { actorId: admin.id, action: "sso.passwords", detail: { passwords } });
}

/** Whether this member may sign in with a password now: admins always may (break-glass). */
export async function mayUsePassword(userId: string): Promise<boolean> {
  const { db } = database();
  if ((await passwordPolicy(db)) === "everyone") return true;
  return (await getMember(db, { id: userId }))?.role === "admin";
}
