import "server-only";
import { database } from "@/lib/db";
import { bumpSessionEpoch } from "@/lib/db/sessions";

/**
 * better-auth deleted a session (signing out, a password change ending the others, a new session for a new
 * second factor) or changed what a session shows (a new name): every instance's cache verifies its sessions
 * afresh at their next request.
 */
export async function sessionsChanged(): Promise<void> {
  await bumpSessionEpoch(database().db);
}
