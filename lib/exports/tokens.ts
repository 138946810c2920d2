import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { hashToken } from "@/lib/auth/token-hash";
import { database } from "@/lib/db";
import { hasAuditEntrySince, recordAudit } from "@/lib/db/audit";
import {
  exportTokenOwner,
  insertExportToken,
  listExportTokens,
  renewExportToken,
  revokeExportToken,
  revokeTokensOf,
  touchExportToken,
} from "@/lib/db/export-tokens";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { EXPORT_TOKEN_DAYS, type ExportTokenView } from "@/lib/schemas/exports";

// Export tokens: 32 random bytes an admin gives a spreadsheet or BI tool to fetch the exports on a schedule.
// Shown once; only the sha256 is stored (a random 32-byte secret needs no slow hash: there is nothing to
// guess). One live token per admin: making a new one revokes the old. Read-only by construction: they are
// accepted only by the export routes (lib/http/export-access.ts), and any other route refuses a bearer token.
// Each expires EXPORT_TOKEN_DAYS after it was made or last renewed (any admin may renew it), and disabling or
// demoting its admin revokes it (lib/auth/members.ts): nothing brings a revoked token back.

const PREFIX = "drx_";
const expiryFrom = (at: Date) => new Date(at.getTime() + EXPORT_TOKEN_DAYS * 86_400_000).toISOString();

export async function createExportToken(admin: SessionUser): Promise<{ token: string; view: ExportTokenView }> {
  const { db } = database();
  const now = new Date();
  const at = now.toISOString();
  const expiresAt = expiryFrom(now);
  const token = `${PREFIX}${randomBytes(32).toString("base64url")}`;
  const id = randomUUID();
  const replaced = await db.transaction().execute(async (trx) => {
    const revoked = await revokeTokensOf(trx, { userId: admin.id, at });
    await insertExportToken(trx, { id, userId: admin.id, tokenHash: hashToken(token), at, expiresAt });
    return revoked;
  });
  for (const old of replaced)
    await recordAudit(db, { actorId: admin.id, action: "export_token.revoke", subjectId: old, detail: { replaced: true } });
  await recordAudit(db, { actorId: admin.id, action: "export_token.create", subjectId: id, detail: { expiresAt } });
  return { token, view: { id, owner: { id: admin.id, name: admin.name }, createdAt: at, lastUsedAt: null, expiresAt } };
}

/** Another EXPORT_TOKEN_DAYS from now, for a token that is not revoked (an expired one too); recorded in the audit log. */
export async function renewToken(admin: SessionUser, id: string): Promise<{ id: string; expiresAt: string }> {
  const { db } = database();
  const expiresAt = expiryFrom(new Date());
  if (!(await renewExportToken(db, { id, expiresAt })))
    throw new AppError("not_found:export_token", "This export token does not exist or was revoked. Reload Settings to see the live ones.");
  await recordAudit(db, { actorId: admin.id, action: "export_token.renew", subjectId: id, detail: { expiresAt } });
  return { id, expiresAt };
}

export async function revokeToken(admin: SessionUser, id: string): Promise<void> {
  const { db } = database();
  if (!(await revokeExportToken(db, { id, at: new Date().toISOString() })))
    throw new AppError(
      "not_found:export_token",
      "This export token does not exist or was revoked already. Reload Settings to see the live ones.",
    );
  await recordAudit(db, { actorId: admin.id, action: "export_token.revoke", subjectId: id });
}

export async function exportTokens(): Promise<ExportTokenView[]> {
  return (await listExportTokens(database().db)).map((row) => ({
    id: row.id,
    owner: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  }));
}

/** The admin a bearer token stands for, or null when it is unknown, revoked, expired, or its admin is disabled or demoted. */
export async function userOfToken(token: string): Promise<SessionUser | null> {
  if (!token.startsWith(PREFIX) || token.length > 200) return null;
  const { db } = database();
  const owner = await exportTokenOwner(db, { tokenHash: hashToken(token) });
  if (!owner) return null;
  const at = new Date().toISOString();
  if (owner.expires_at <= at) {
    // Recorded once per expiry (a job that retries every minute adds one line, not one a minute), so admins
    // can tell why a scheduled export stopped.
    if (!(await hasAuditEntrySince(db, { action: "export_token.expired", subjectId: owner.token_id, since: owner.expires_at })))
      await recordAudit(db, {
        actorId: owner.id,
        action: "export_token.expired",
        subjectId: owner.token_id,
        detail: { expiredAt: owner.expires_at },
      });
    return null;
  }
  await touchExportToken(db, { id: owner.token_id, at });
  return { id: owner.id, name: owner.name, email: owner.email, role: "admin" };
}
