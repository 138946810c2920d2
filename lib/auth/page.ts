import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { db } from "@/lib/db";
import { countUsers } from "@/lib/db/users";
import { getSessionUser, type SessionUser } from "./session";

// Guards for server components. Pages check the session themselves (a layout alone is not enough:
// it does not run again on every client navigation).

export type { SessionUser };

/** The signed-in member; otherwise to /setup on first run, or to /sign-in. */
export async function requirePageUser(): Promise<SessionUser> {
  const user = await getSessionUser(await headers());
  if (user) return user;
  if ((await countUsers(db())) === 0) redirect("/setup");
  redirect("/sign-in");
}

export async function redirectIfSignedIn(): Promise<void> {
  if (await getSessionUser(await headers())) redirect("/");
}

export async function redirectToSetupIfEmpty(): Promise<void> {
  if ((await countUsers(db())) === 0) redirect("/setup");
}

export async function redirectIfSetUp(): Promise<void> {
  if ((await countUsers(db())) > 0) redirect("/sign-in");
}
