import "server-only";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { isUniqueViolation } from "@/lib/db/errors";
import { getSsoLink, saveSsoLink } from "@/lib/db/sso";
import { countActiveAdmins, getMember, isUserActive, lockMembers, updateMember } from "@/lib/db/users";
import type { SsoErrorCode } from "@/lib/schemas/sso-views";
import { getAuth } from "../auth";
import { sessionsChanged } from "../sessions-changed";
import { judgeIdentity, roleFromGroups, type SsoIdentity } from "./identity";
import type { SsoProvider } from "./providers";
import { seal } from "./sealed";

// Who a verified identity is in Darkroom: the member its subject is linked to; else the member with its email,
// linked only when the provider says the address is verified; else a new member, made just in time with the
// provider's default role (or its groups' role). Darkroom's own "disabled" wins over all of it.

export type Admission = { userId: string } | { refused: SsoErrorCode };

async function refuse(provider: SsoProvider, identity: SsoIdentity, reason: SsoErrorCode, userId?: string): Promise<Admission> {
  await recordAudit(database().db, {
    actorId: null,
    action: "sso.refused",
    subjectId: userId,
    detail: { provider: provider.id, reason, email: identity.email },
  });
  return { refused: reason };
}

async function findOrCreate(provider: SsoProvider, identity: SsoIdentity & { email: string }): Promise<Admission> {
  const { db } = database();
  const link = await getSsoLink(db, { providerId: provider.id, subject: identity.subject });
  if (link && (await getMember(db, { id: link.user_id }))) return { userId: link.user_id };
  const context = await getAuth().$context;
  const existing = await context.internalAdapter.findUserByEmail(identity.email);
  if (existing) {
    if (!identity.emailVerified) return refuse(provider, identity, "email_unverified", existing.user.id);
    await recordAudit(db, { actorId: null, action: "sso.link", subjectId: existing.user.id, detail: { provider: provider.id } });
    return { userId: existing.user.id };
  }
  const role = roleFromGroups(provider, identity.groups) ?? provider.defaultRole;
  const name = identity.name ?? identity.email.slice(0, identity.email.indexOf("@"));
  try {
    const user = await context.internalAdapter.createUser(
      { name, email: identity.email, emailVerified: identity.emailVerified, role, disabled: false },
      { method: "sso" },
    );
    await recordAudit(db, { actorId: null, action: "sso.account_create", subjectId: user.id, detail: { provider: provider.id, role } });
    return { userId: user.id };
  } catch (error) {
    // Two first sign-ins at once: the unique email decides, and the second finds the first's account.
    if (!isUniqueViolation(error)) throw error;
    const made = await context.internalAdapter.findUserByEmail(identity.email);
    if (!made) throw error;
    return { userId: made.user.id };
  }
}

/** A role the groups claim maps to, applied at sign-in; never leaving the team without an active admin. */
async function syncRole(provider: SsoProvider, identity: SsoIdentity, userId: string): Promise<void> {
  const mapped = roleFromGroups(provider, identity.groups);
  if (!mapped) return;
  const { db, dialect } = database();
  const changed = await db.transaction().execute(async (trx) => {
    await lockMembers(trx, dialect);
    const member = await getMember(trx, { id: userId });
    if (!member || member.role === mapped) return false;
    if (member.role === "admin" && !member.disabled && (await countActiveAdmins(trx, { excluding: userId })) === 0) return false;
    await updateMember(trx, { id: userId, role: mapped });
    await recordAudit(trx, {
      actorId: null,
      action: "sso.role_change",
      subjectId: userId,
      detail: { provider: provider.id, role: mapped, from: member.role },
    });
    return true;
  });
  if (changed) await sessionsChanged();
}

export async function admit(provider: SsoProvider, identity: SsoIdentity, refreshToken: string | undefined): Promise<Admission> {
  const refusal = judgeIdentity(provider, identity);
  if (refusal) return refuse(provider, identity, refusal);
  const found = await findOrCreate(provider, identity as SsoIdentity & { email: string });
  if ("refused" in found) return found;
  const { db } = database();
  // Darkroom's own "disabled" always wins, whatever the provider says (the session hook asks again).
  if (!(await isUserActive(db, { id: found.userId }))) return refuse(provider, identity, "account_disabled", found.userId);
  await syncRole(provider, identity, found.userId);
  const now = new Date().toISOString();
  const existing = await getSsoLink(db, { providerId: provider.id, subject: identity.subject });
  await saveSsoLink(db, {
    provider_id: provider.id,
    subject: identity.subject,
    user_id: found.userId,
    refresh_token: refreshToken ? seal(refreshToken) : null,
    checked_at: now,
    created_at: existing?.created_at ?? now,
  });
  await recordAudit(db, { actorId: found.userId, action: "sso.sign_in", subjectId: found.userId, detail: { provider: provider.id } });
  return found;
}
