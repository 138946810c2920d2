import "server-only";
import type { Kysely, Selectable } from "kysely";
import type { Database, SsoLinkTable, SsoProviderTable } from "./schema";

// Single sign-on's tables (migration 0028): providers set up in Settings, sign-ins under way, and links from a
// provider's subject to a member.

type Db = Kysely<Database>;
export type SsoProviderRow = Selectable<SsoProviderTable>;
export type SsoLinkRow = Selectable<SsoLinkTable>;

export async function listSsoProviderRows(db: Db): Promise<SsoProviderRow[]> {
  return db.selectFrom("sso_providers").selectAll().orderBy("created_at").orderBy("id").execute();
}

export async function upsertSsoProviderRow(db: Db, row: SsoProviderRow): Promise<void> {
  // Everything but the key and when it was first made.
  const changes: Partial<SsoProviderRow> = { ...row };
  delete changes.id;
  delete changes.created_at;
  await db
    .insertInto("sso_providers")
    .values(row)
    .onConflict((conflict) => conflict.column("id").doUpdateSet(changes))
    .execute();
}

export async function deleteSsoProviderRow(db: Db, { id }: { id: string }): Promise<boolean> {
  const result = await db.deleteFrom("sso_providers").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertSsoFlow(db: Db, row: { state: string; providerId: string; codeVerifier: string; nonce: string; at: string }) {
  await db
    .insertInto("sso_flows")
    .values({ state: row.state, provider_id: row.providerId, code_verifier: row.codeVerifier, nonce: row.nonce, created_at: row.at })
    .execute();
  // Sign-ins abandoned at the provider leave rows behind: an hour is far beyond any sign-in.
  await db
    .deleteFrom("sso_flows")
    .where("created_at", "<", new Date(Date.parse(row.at) - 3_600_000).toISOString())
    .execute();
}

/** Takes a sign-in's row once: the delete decides, so two callbacks with one state cannot both have it. */
export async function takeSsoFlow(db: Db, { state }: { state: string }) {
  const row = await db.selectFrom("sso_flows").selectAll().where("state", "=", state).executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom("sso_flows").where("state", "=", state).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row : undefined;
}

export async function getSsoLink(db: Db, { providerId, subject }: { providerId: string; subject: string }) {
  return db.selectFrom("sso_links").selectAll().where("provider_id", "=", providerId).where("subject", "=", subject).executeTakeFirst();
}

export async function ssoLinksOf(db: Db, { userId }: { userId: string }): Promise<SsoLinkRow[]> {
  return db.selectFrom("sso_links").selectAll().where("user_id", "=", userId).execute();
}

export async function saveSsoLink(db: Db, row: SsoLinkRow): Promise<void> {
  await db
    .insertInto("sso_links")
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(["provider_id", "subject"])
        .doUpdateSet({ user_id: row.user_id, refresh_token: row.refresh_token, checked_at: row.checked_at }),
    )
    .execute();
}

/**
 * Claims a link's re-check: true for exactly one caller per period, because the update names the time it read.
 * Two requests at once must not both spend a rotating refresh token (the second would look like a refusal).
 */
export async function claimSsoCheck(db: Db, { link, at }: { link: SsoLinkRow; at: string }): Promise<boolean> {
  const result = await db
    .updateTable("sso_links")
    .set({ checked_at: at })
    .where("provider_id", "=", link.provider_id)
    .where("subject", "=", link.subject)
    .where("checked_at", "=", link.checked_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setSsoRefreshToken(db: Db, { link, refreshToken }: { link: SsoLinkRow; refreshToken: string | null }) {
  await db
    .updateTable("sso_links")
    .set({ refresh_token: refreshToken })
    .where("provider_id", "=", link.provider_id)
    .where("subject", "=", link.subject)
    .execute();
}

/** Forgets a member's refresh tokens (their access ended): the next sign-in brings a new one. */
export async function dropSsoRefreshTokens(db: Db, { userId }: { userId: string }): Promise<void> {
  await db.updateTable("sso_links").set({ refresh_token: null }).where("user_id", "=", userId).execute();
}
