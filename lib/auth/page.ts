import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { database } from "@/lib/db";
import { countUsers } from "@/lib/db/users";
import { getSessionIdentity, type SessionIdentity, type SessionUser } from "./session";

// Guards for server components. Pages check the session themselves (a layout alone is not enough:
// it does not run again on every client navigation).

export type { SessionUser };

// Once per request, however many layouts and pages ask.
const currentIdentity = cache(async () => getSessionIdentity(await headers()));
const currentUser = async () => (await currentIdentity())?.user ?? null;
// `connection()` first: these answers depend on the database, so the page must never be prerendered at build time.
const userCount = cache(async () => {
  await connection();
  return countUsers(database().db);
});

/**
 * The signed-in session; otherwise to /setup on first run, or to /sign-in; to /second-factor while the team's
 * rule wants a second factor they have not set up (lib/policy/second-factor.ts), before any page.
 */
export async function requirePageIdentity(): Promise<SessionIdentity> {
  const identity = await currentIdentity();
  if (identity && identity.mustEnrol) redirect("/second-factor");
  if (identity) return identity;
  if ((await userCount()) === 0) redirect("/setup");
  redirect("/sign-in");
}

/** The signed-in member (see requirePageIdentity). */
export async function requirePageUser(): Promise<SessionUser> {
  return (await requirePageIdentity()).user;
}

/** The enrolment page: a signed-in member the rule holds back; anyone else goes on to their pages or signs in. */
export async function requireEnrollingPageUser(): Promise<SessionUser> {
  const identity = await currentIdentity();
  if (!identity) redirect("/sign-in");
  if (!identity.mustEnrol) redirect("/");
  return identity.user;
}

export async function redirectIfSignedIn(): Promise<void> {
  if (await currentUser()) redirect("/");
}

export async function redirectToSetupIfEmpty(): Promise<void> {
  if ((await userCount()) === 0) redirect("/setup");
}

export async function redirectIfSetUp(): Promise<void> {
  if ((await userCount()) > 0) redirect("/sign-in");
}
