import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { hashToken } from "@/lib/auth/token-hash";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import {
  accessTokenOwner,
  insertAccessToken,
  listAccessTokens,
  listTeamAccessTokens,
  revokeAccessToken,
  touchAccessToken,
} from "@/lib/db/access-tokens";
import { recordAudit } from "@/lib/db/audit";
import { tokenCommitted } from "@/lib/db/budgets";
import { AppError } from "@/lib/errors";
import { roleAtLeast, type Role } from "@/lib/members/roles";
import { announceWithdrawn, withdrawUnsent } from "@/lib/policy/withdraw";
import {
  type AccessTokenScope,
  type AccessTokenView,
  newAccessTokenSchema,
  SCOPE_CHOICES,
  type TeamAccessTokenView,
} from "@/lib/schemas/access-tokens";
import type { z } from "zod";

// Personal access tokens: `dr_` and 32 random bytes (256 bits), shown once, stored as a sha256 (a random
// secret of that size has nothing to guess, so it needs no slow hash). A member makes as many as they have
// scripts; each is revocable (by its member, or by an admin), expires, and stops when its member is disabled
// or made a viewer (lib/auth/members.ts). They open Darkroom's copy of the generation API (/v1/…) and nothing else.

const PREFIX = "dr_";
const DAY_MS = 86_400_000;

type Row = {
  id: string;
  name: string;
  scopes: string;
  budget_credits: number | null;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
};

const view = (row: Row, committed: number) =>
  ({
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(",") as AccessTokenScope[],
    budget: row.budget_credits === null ? null : { limit: row.budget_credits, committed },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  }) satisfies AccessTokenView;

export async function createAccessToken(
  member: SessionUser,
  input: z.output<typeof newAccessTokenSchema>,
): Promise<{ token: string; view: AccessTokenView }> {
  const { db } = database();
  const now = new Date();
  const token = `${PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = {
    id: randomUUID(),
    user_id: member.id,
    name: input.name,
    token_hash: hashToken(token),
    scopes: SCOPE_CHOICES[input.scope].scopes.join(","),
    budget_credits: input.budgetCredits ?? null,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
  };
  await insertAccessToken(db, row);
  await recordAudit(db, {
    actorId: member.id,
    action: "access_token.create",
    subjectId: row.id,
    detail: { name: row.name, scopes: row.scopes, expiresAt: row.expires_at, budgetCredits: row.budget_credits },
  });
  return { token, view: view({ ...row, last_used_at: null }, 0) };
}

export async function accessTokensOf(member: SessionUser): Promise<AccessTokenView[]> {
  const { db } = database();
  const rows = await listAccessTokens(db, { userId: member.id });
  return Promise.all(rows.map(async (row) => view(row, row.budget_credits === null ? 0 : await tokenCommitted(db, { tokenId: row.id }))));
}

/** Every other member's live tokens, with their member: what an admin manages in Settings. */
export async function teamAccessTokens(admin: SessionUser): Promise<TeamAccessTokenView[]> {
  const { db } = database();
  const rows = await listTeamAccessTokens(db, { exceptUserId: admin.id });
  return Promise.all(
    rows.map(async (row) => ({
      ...view(row, row.budget_credits === null ? 0 : await tokenCommitted(db, { tokenId: row.id })),
      member: { id: row.user_id, name: row.member_name },
    })),
  );
}

/**
 * Revokes a token: a member their own, an admin anyone's (another's is a 404 to a member, as if it did not exist).
 * What it queued and was never sent is cancelled in the same transaction (lib/policy/withdraw.ts), so nothing
 * more is spent through it; the audit entry names the member when an admin revoked another's.
 */
export async function revokeAccessTokenAs(actor: SessionUser, id: string): Promise<void> {
  const { db } = database();
  const admin = roleAtLeast(actor.role, "admin");
  const withdrawn = await db.transaction().execute(async (trx) => {
    const owner = await revokeAccessToken(trx, { id, userId: admin ? undefined : actor.id, at: new Date().toISOString() });
    if (owner === undefined)
      throw new AppError(
        "not_found:access_token",
        admin
          ? "There is no live access token with this id: it may have been revoked already. Reload Settings."
          : "You have no live access token with this id. Reload Settings to see yours.",
      );
    await recordAudit(trx, {
      actorId: actor.id,
      action: "access_token.revoke",
      subjectId: id,
      ...(owner !== actor.id ? { detail: { member: owner } } : {}),
    });
    return withdrawUnsent(trx, { tokenIds: [id], reason: "token_revoked", actorId: actor.id });
  });
  await announceWithdrawn(withdrawn);
}

export interface TokenHolder {
  user: SessionUser;
  token: { id: string; name: string; scopes: AccessTokenScope[]; budgetCredits: number | null };
}

/** The member and token a presented secret stands for, or null when it is unknown, revoked, expired or its member can no longer spend. */
export async function holderOfToken(secret: string): Promise<TokenHolder | null> {
  if (!secret.startsWith(PREFIX) || secret.length > 200) return null;
  const { db } = database();
  const row = await accessTokenOwner(db, { tokenHash: hashToken(secret) });
  const at = new Date().toISOString();
  if (!row || row.expires_at <= at) return null;
  await touchAccessToken(db, { id: row.token_id, at });
  return {
    user: { id: row.id, name: row.name, email: row.email, role: row.role as Role },
    token: {
      id: row.token_id,
      name: row.token_name,
      scopes: row.scopes.split(",") as AccessTokenScope[],
      budgetCredits: row.budget_credits,
    },
  };
}
