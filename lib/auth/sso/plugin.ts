import "server-only";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as client from "openid-client";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { insertSsoFlow, takeSsoFlow } from "@/lib/db/sso";
import { publicOrigin } from "@/lib/http/public-origin";
import { log } from "@/lib/log";
import { SSO_ID } from "@/lib/schemas/sso";
import type { SsoErrorCode } from "@/lib/schemas/sso-views";
import { admit } from "./admit";
import { describeError, ProviderUnreachable, providerConfig } from "./discovery";
import { identityOf, needsUserinfo } from "./identity";
import { getSsoProvider, redirectPath } from "./providers";

// Sign-in through an OpenID provider, as two of better-auth's own endpoints (so the session and its cookie are
// better-auth's, made by its internal adapter: its hooks, Darkroom's "disabled" check among them, apply):
//   GET /api/auth/sso/start/:id     a sign-in under way (state, nonce, PKCE verifier) stored, then to the provider
//   GET /api/auth/sso/callback/:id  the provider's answer, checked by openid-client (state, iss, PKCE, the ID token's
//                                   signature against the provider's keys, nonce), then the member and a session
// The state is also in an HttpOnly cookie of this browser: a state started in another browser (a login CSRF, a
// link forwarded to someone) is refused, and the stored row is taken once, so a replayed callback finds nothing.
// Every failure ends on the sign-in page with a code the page explains (lib/schemas/sso-views.ts).

const STATE_COOKIE = "darkroom_sso_state";
const FLOW_SECONDS = 600;

const signInWith = (code: SsoErrorCode) => `/sign-in?sso_error=${code}`;

/** `secure`: as the session cookie's (an HTTPS instance of better-auth). */
function stateCookieOptions(secure: boolean | undefined, maxAge: number) {
  return { httpOnly: true, sameSite: "lax" as const, secure: Boolean(secure), path: "/api/auth/sso", maxAge };
}

/** PUBLIC_BASE_URL's, else the address the browser used (lib/http/public-origin.ts), as Settings shows it. */
function redirectUri(request: Request | undefined, id: string): string {
  const headers = request?.headers ?? new Headers();
  return `${publicOrigin(headers, request ? new URL(request.url).host : undefined)}${redirectPath(id)}`;
}

const startSso = createAuthEndpoint("/sso/start/:id", { method: "GET" }, async (ctx) => {
  const id = String(ctx.params?.id ?? "");
  const provider = SSO_ID.test(id) ? await getSsoProvider(id) : undefined;
  if (!provider) throw ctx.redirect(signInWith("provider_unknown"));
  let config: client.Configuration;
  try {
    config = await providerConfig(provider);
  } catch (error) {
    log.warn({ provider: id, ...describeError(error) }, "sso discovery failed");
    throw ctx.redirect(signInWith("provider_unreachable"));
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await insertSsoFlow(database().db, { state, providerId: id, codeVerifier, nonce, at: new Date().toISOString() });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx.request, id),
    scope: provider.scopes,
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  ctx.setCookie(STATE_COOKIE, state, stateCookieOptions(ctx.context.authCookies.sessionToken.attributes.secure, FLOW_SECONDS));
  throw ctx.redirect(url.href);
});

const PROVIDER_ERRORS: Record<string, SsoErrorCode> = {
  access_denied: "access_denied",
  login_required: "access_denied",
  consent_required: "access_denied",
  interaction_required: "access_denied",
};

const callbackSso = createAuthEndpoint("/sso/callback/:id", { method: "GET" }, async (ctx) => {
  const id = String(ctx.params?.id ?? "");
  const query = new URL(ctx.request?.url ?? "http://localhost/").searchParams;
  const cookieState = ctx.getCookie(STATE_COOKIE);
  // The cookie has done its work whatever happens next.
  ctx.setCookie(STATE_COOKIE, "", stateCookieOptions(ctx.context.authCookies.sessionToken.attributes.secure, 0));
  const refuse = async (reason: SsoErrorCode, detail: Record<string, unknown> = {}): Promise<never> => {
    await recordAudit(database().db, { actorId: null, action: "sso.refused", detail: { provider: id, reason, ...detail } });
    throw ctx.redirect(signInWith(reason));
  };

  const state = query.get("state");
  if (!state || !cookieState || state !== cookieState) return refuse("state_mismatch");
  const flow = await takeSsoFlow(database().db, { state });
  if (!flow || flow.provider_id !== id || Date.parse(flow.created_at) < Date.now() - FLOW_SECONDS * 1000) return refuse("state_mismatch");
  const error = query.get("error");
  if (error) return refuse(PROVIDER_ERRORS[error] ?? "failed", { providerError: error.slice(0, 64) });
  const provider = await getSsoProvider(id);
  if (!provider) return refuse("provider_unknown");

  let claims: Record<string, unknown>;
  let refreshToken: string | undefined;
  try {
    const config = await providerConfig(provider);
    const current = new URL(redirectUri(ctx.request, id));
    current.search = query.toString();
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims()! };
    if (needsUserinfo(claims, provider)) Object.assign(claims, await client.fetchUserInfo(config, tokens.access_token, String(claims.sub)));
    refreshToken = tokens.refresh_token;
  } catch (error) {
    if (error instanceof ProviderUnreachable) return refuse("provider_unreachable");
    // A wrong nonce, a foreign signature, a wrong issuer or audience, a refused code: nothing to trust.
    log.warn({ provider: id, ...describeError(error) }, "sso callback refused");
    return refuse("provider_refused", { check: (error as { code?: string }).code ?? "failed" });
  }

  const admission = await admit(provider, identityOf(claims, provider), refreshToken);
  if ("refused" in admission) throw ctx.redirect(signInWith(admission.refused));
  const session = await ctx.context.internalAdapter.createSession(admission.userId);
  const user = await ctx.context.internalAdapter.findUserById(admission.userId);
  if (!session || !user) return refuse("account_disabled");
  await setSessionCookie(ctx, { session, user });
  throw ctx.redirect("/");
});

export function ssoPlugin() {
  return { id: "darkroom-sso", endpoints: { startSso, callbackSso } } satisfies BetterAuthPlugin;
}
