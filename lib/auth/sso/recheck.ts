import "server-only";
import * as client from "openid-client";
import { database } from "@/lib/db";
import { revokeAccessTokensOf } from "@/lib/db/access-tokens";
import { recordAudit } from "@/lib/db/audit";
import { revokeTokensOf } from "@/lib/db/export-tokens";
import { claimSsoCheck, dropSsoRefreshTokens, setSsoRefreshToken, ssoLinksOf, type SsoLinkRow } from "@/lib/db/sso";
import { deleteSessionsOf } from "@/lib/db/users";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { sessionsChanged } from "../sessions-changed";
import { describeError, providerConfig } from "./discovery";
import { identityOf, judgeIdentity, needsUserinfo } from "./identity";
import { getSsoProvider, type SsoProvider } from "./providers";
import { seal, unseal } from "./sealed";

// "Their sessions end at the next session refresh", made concrete: a member signed in through a provider is
// asked about again on their first request after SSO_RECHECK_MINUTES (15 by default) since the last check.
// Darkroom spends the stored refresh token at the provider; when the provider refuses it (the account was
// disabled or signed out there: invalid_grant) or its fresh claims no longer pass the provider's rules (out of
// the allowed groups, the email's domain no longer allowed), every session and token of the member ends at
// once. A provider that cannot be reached is not an answer: the member stays in and is asked again next period.

type Verdict = "allowed" | "ended";

async function endAccess(userId: string, provider: SsoProvider, reason: string): Promise<void> {
  const { db } = database();
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await deleteSessionsOf(trx, { userId });
    await dropSsoRefreshTokens(trx, { userId });
    for (const token of await revokeAccessTokensOf(trx, { userId, at }))
      await recordAudit(trx, { actorId: null, action: "access_token.revoke", subjectId: token, detail: { reason: `sso:${reason}` } });
    for (const token of await revokeTokensOf(trx, { userId, at }))
      await recordAudit(trx, { actorId: null, action: "export_token.revoke", subjectId: token, detail: { reason: `sso:${reason}` } });
    await recordAudit(trx, { actorId: null, action: "sso.access_ended", subjectId: userId, detail: { provider: provider.id, reason } });
  });
  await sessionsChanged();
}

async function recheckLink(link: SsoLinkRow, provider: SsoProvider): Promise<Verdict> {
  const refreshToken = link.refresh_token && unseal(link.refresh_token);
  if (!refreshToken) return "allowed";
  const { db } = database();
  if (!(await claimSsoCheck(db, { link, at: new Date().toISOString() }))) return "allowed"; // another request is asking
  let claims: Record<string, unknown>;
  try {
    const config = await providerConfig(provider);
    const tokens = await client.refreshTokenGrant(config, refreshToken);
    if (tokens.refresh_token) await setSsoRefreshToken(db, { link, refreshToken: seal(tokens.refresh_token) });
    claims = { ...(tokens.claims() ?? { sub: link.subject }) };
    if (claims.sub !== link.subject) throw new Error("the refreshed ID token names another subject");
    if (needsUserinfo(claims, provider)) Object.assign(claims, await client.fetchUserInfo(config, tokens.access_token, link.subject));
  } catch (error) {
    // The provider's own "no" (an OAuth error answer, such as invalid_grant) ends access; anything else waits.
    if (error instanceof client.ResponseBodyError) {
      await endAccess(link.user_id, provider, error.error);
      return "ended";
    }
    log.warn({ provider: provider.id, ...describeError(error) }, "sso re-check could not reach the provider");
    return "allowed";
  }
  const refusal = judgeIdentity(provider, identityOf(claims, provider));
  if (refusal) {
    await endAccess(link.user_id, provider, refusal);
    return "ended";
  }
  return "allowed";
}

/** Asked by the session check (lib/auth/session.ts) whenever it verifies a session anew: false ends it. */
export async function ssoAccessHolds(userId: string, now = Date.now()): Promise<boolean> {
  const due = new Date(now - env.SSO_RECHECK_MINUTES * 60_000).toISOString();
  const links = (await ssoLinksOf(database().db, { userId })).filter((link) => link.refresh_token && link.checked_at <= due);
  for (const link of links) {
    const provider = await getSsoProvider(link.provider_id);
    if (provider && (await recheckLink(link, provider)) === "ended") return false;
  }
  return true;
}
