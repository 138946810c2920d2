import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { database } from "@/lib/db";
import { countUsers } from "@/lib/db/users";
import { getSessionUser, type SessionUser } from "./session";

// Guards for server components. Pages check the session themselves (a layout alone is not enough:
// it does not run again on every client navigation).

export type { SessionUser };

// Once per request, however many layouts and pages ask.
const currentUser = cache(async () => getSessionUser(await headers()));
// `connection()` first: these answers depend on the database, so the page must never be prerendered at build time.
const userCount = cache(async () => {
  await connection();
  return countUsers(database().db);
});

/** The signed-in member; otherwise to /setup on first run, or to /sign-in. */
export async function requirePageUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (user) return user;
  if ((await userCount()) === 0) redirect("/setup");
  redirect("/sign-in");
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
