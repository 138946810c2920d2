import "server-only";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { deletePasskeysOf } from "@/lib/db/passkeys";
import { deleteSessionsOf, getMember, removeAuthenticatorApp } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "../session-user";

/**
 * An admin removes a member's second factors (a lost phone and lost recovery codes): the authenticator app and
 * every passkey go, and every session ends. At their next sign-in, with their password, the team's rule leads
 * them to set one up again.
 */
export async function resetSecondFactor(actor: SessionUser, memberId: string): Promise<{ app: boolean; passkeys: number }> {
  const { db } = database();
  if (!(await getMember(db, { id: memberId }))) throw new AppError("not_found:member", "No member with this id.");
  return db.transaction().execute(async (trx) => {
    const app = await removeAuthenticatorApp(trx, { userId: memberId });
    const passkeys = await deletePasskeysOf(trx, { userId: memberId });
    await deleteSessionsOf(trx, { userId: memberId });
    await recordAudit(trx, { actorId: actor.id, action: "second_factor.reset", subjectId: memberId, detail: { app, passkeys } });
    return { app, passkeys };
  });
}
