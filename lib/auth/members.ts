import "server-only";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { isUniqueViolation } from "@/lib/db/errors";
import { revokeAccessTokensOf } from "@/lib/db/access-tokens";
import { revokeTokensOf } from "@/lib/db/export-tokens";
import { claimInstanceFlag, deleteInstanceValue } from "@/lib/db/instance";
import { bumpSessionEpoch } from "@/lib/db/sessions";
import { countActiveAdmins, deleteSessionsOf, getMember, lockMembers, updateMember } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/members/roles";
import { announceWithdrawn, withdrawUnsent } from "@/lib/policy/withdraw";
import type { Member, MemberPatch, NewMemberInput, SetupInput } from "@/lib/members/schemas";
import { getAuth } from "./auth";
import { checkSetupToken } from "./setup-token";
import type { SessionUser } from "./session-user";

/** Creates a user with a password through better-auth's own adapter, so its tables stay consistent. */
async function createUser(input: { name: string; email: string; password: string; role: Role }): Promise<Member> {
  const context = await getAuth().$context;
  const taken = () =>
    new AppError("conflict:email", "A member with this email address exists already.", {
      email: "A member with this email address exists already.",
    });
  if (await context.internalAdapter.findUserByEmail(input.email)) throw taken();
  const user = await context.internalAdapter
    .createUser({ name: input.name, email: input.email, emailVerified: false, role: input.role, disabled: false }, { method: "admin" })
    // Two requests for the same new address can both pass the check above; the unique index decides.
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? taken() : error;
    });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(input.password),
  });
  const member = await getMember(database().db, { id: user.id });
  if (!member) throw new Error("created user not found");
  return member;
}

/**
 * First run: the first admin. The instance flag's primary key lets exactly one of two racing setups through.
 * `headers` are the request's: a client on another machine must bring the setup token (./setup-token.ts).
 */
export async function createFirstAdmin({ setupToken, ...input }: SetupInput, headers: Headers): Promise<Member> {
  checkSetupToken(setupToken, headers);
  const { db } = database();
  if (!(await claimInstanceFlag(db, { key: "setup", value: new Date().toISOString() }))) {
    throw new AppError("conflict:setup", "Darkroom is already set up; sign in instead.");
  }
  try {
    const admin = await createUser({ ...input, role: "admin" });
    await recordAudit(db, { actorId: admin.id, action: "setup.first_admin", subjectId: admin.id });
    return admin;
  } catch (error) {
    await deleteInstanceValue(db, { key: "setup" }); // let setup be tried again
    throw error;
  }
}

export async function addMember(actor: SessionUser, input: NewMemberInput): Promise<Member> {
  const member = await createUser(input);
  await recordAudit(database().db, { actorId: actor.id, action: "member.add", subjectId: member.id, detail: { role: member.role } });
  return member;
}

/** Role changes and disabling, with the last-admin rule checked in the same transaction as the write. */
export async function changeMember(actor: SessionUser, id: string, patch: MemberPatch): Promise<Member> {
  const { db, dialect } = database();
  const { updated, withdrawn } = await db.transaction().execute(async (trx) => {
    await lockMembers(trx, dialect);
    const member = await getMember(trx, { id });
    if (!member) throw new AppError("not_found:member", "No member with this id.");
    const losesAdmin =
      member.role === "admin" && !member.disabled && ((patch.role !== undefined && patch.role !== "admin") || patch.disabled === true);
    if (losesAdmin && (await countActiveAdmins(trx, { excluding: id })) === 0) {
      throw new AppError("conflict:last_admin", "This is the last active admin: make another member admin first.");
    }
    await updateMember(trx, { id, ...patch });
    // Every instance's session cache verifies their sessions afresh (the role, or no session at all).
    if (patch.disabled) await deleteSessionsOf(trx, { userId: id });
    else await bumpSessionEpoch(trx);
    await recordAudit(trx, { actorId: actor.id, action: "member.change", subjectId: id, detail: patch });
    // Revoked, not suspended: enabling or promoting them again must not bring an old export token back.
    const reason = patch.disabled ? "disabled" : patch.role !== undefined && patch.role !== "admin" ? "demoted" : undefined;
    if (reason)
      for (const token of await revokeTokensOf(trx, { userId: id, at: new Date().toISOString() }))
        await recordAudit(trx, { actorId: actor.id, action: "export_token.revoke", subjectId: token, detail: { reason } });
    // Their personal access tokens go when they can no longer spend: disabled, or made a viewer.
    const spendingEnds = patch.disabled ? "disabled" : patch.role === "viewer" ? "demoted" : undefined;
    // What they queued and was never sent goes too, with its reason; the dispatcher asks the same rule again.
    let withdrawn: string[] = [];
    if (spendingEnds) {
      for (const token of await revokeAccessTokensOf(trx, { userId: id, at: new Date().toISOString() }))
        await recordAudit(trx, { actorId: actor.id, action: "access_token.revoke", subjectId: token, detail: { reason: spendingEnds } });
      withdrawn = await withdrawUnsent(trx, {
        userId: id,
        reason: spendingEnds === "disabled" ? "member_disabled" : "member_demoted",
        actorId: actor.id,
      });
    }
    const updated = await getMember(trx, { id });
    if (!updated) throw new AppError("not_found:member", "No member with this id.");
    return { updated, withdrawn };
  });
  await announceWithdrawn(withdrawn);
  return updated;
}
