// A real OpenID provider in this process (oidc-provider, the certified Node implementation) for tests and the
// browser specs: its own discovery, keys, authorization code flow with PKCE, refresh tokens and userinfo. Its
// sign-in page is one form (an email, Continue or Cancel) and consent is given at once, so a browser or
// `signInAt` below can drive it. Accounts change while it runs (groups taken away); it can also publish keys
// other than the one it signs with, which is what an ID token "signed by another key" looks like to a client.
import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export interface TestIdpAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or changes the account with this email (its subject stays the same). */
  setAccount(account: TestIdpAccount): void;
  /** The subject the provider gives this email. */
  subjectOf(email: string): string;
  /** true: /jwks publishes a different key under the signing key's id, so every ID token fails its signature check. */
  publishForeignKeys(on: boolean): void;
  /** Drives the provider's sign-in for `email` from an authorization URL; answers the redirect back to the client. */
  signInAt(authorizationUrl: string, email: string | null): Promise<string>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(uid: string, message = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body>
<main><h1>Test identity provider</h1>${message ? `<p role="alert">${escapeHtml(message)}</p>` : ""}
<form method="post" action="/interaction/${uid}/login"><label>Email <input name="email" type="email" autofocus></label>
<button type="submit">Continue</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form></main></body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

async function signingKeys() {
  const make = async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    return { ...(await exportJWK(privateKey)), kid: "darkroom-test-key", alg: "RS256", use: "sig" };
  };
  const [own, foreign] = await Promise.all([make(), make()]);
  const publicOf = ({ kty, n, e, kid, alg, use }: Record<string, unknown>) => ({ kty, n, e, kid, alg, use });
  return { own, foreignJwks: JSON.stringify({ keys: [publicOf(foreign)] }) };
}

/**
 * Starts the provider on 127.0.0.1 (`port` 0: any free one). `redirectUris`: the client's registered callbacks,
 * such as http://localhost:3000/api/auth/sso/callback/test.
 */
export async function startTestIdp({ port = 0, redirectUris }: { port?: number; redirectUris: string[] }): Promise<TestIdp> {
  const accounts = new Map<string, TestIdpAccount & { sub: string }>();
  const bySubject = (sub: string) => [...accounts.values()].find((account) => account.sub === sub);
  let foreign = false;
  const keys = await signingKeys();
  const clientId = "darkroom";
  const clientSecret = randomBytes(24).toString("base64url");

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
      },
    ],
    jwks: { keys: [keys.own] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    // As Keycloak and Entra do: the person's claims in the ID token itself, groups with the openid scope.
    conformIdTokenClaims: false,
    claims: { openid: ["sub", "groups"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx: unknown, sub: string) {
      const account = bySubject(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const now = bySubject(sub) ?? account;
          return { sub, email: now.email, email_verified: now.email_verified, name: now.name, groups: now.groups ?? [] };
        },
      };
    },
    // Refresh tokens for every client allowed them, as Keycloak gives them (no offline_access dance).
    async issueRefreshToken(_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) {
      return client.grantTypeAllowed("refresh_token");
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // Its errors as plain words (the default page loads a web font from the internet).
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = "text/plain";
      ctx.body = `The test identity provider refused: ${out.error}: ${out.error_description ?? ""}`;
    },
  });
  const handle = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const [, , uid, action] = url.pathname.split("/");
    const details = await provider.interactionDetails(req, res);
    if (action === "abort")
      return provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The person cancelled." },
        { mergeWithLastSubmission: false },
      );
    if (action === "login") {
      const email = (await formOf(req)).get("email")?.trim().toLowerCase() ?? "";
      const account = accounts.get(email);
      if (!account) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(uid!, "No account with this email."));
        return;
      }
      return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === "consent") {
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId: details.session!.accountId!, clientId }))
        : new provider.Grant({ accountId: details.session!.accountId!, clientId });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(uid!));
  }

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname.startsWith("/interaction/")) {
      interaction(req, res, url).catch((error: Error) => res.writeHead(500).end(error.message));
      return;
    }
    if (foreign && url.pathname === "/jwks") {
      res.writeHead(200, { "content-type": "application/jwk-set+json" }).end(keys.foreignJwks);
      return;
    }
    handle(req, res);
  });

  async function signInAt(authorizationUrl: string, email: string | null): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let body: string | undefined;
    for (let hop = 0; hop < 12; hop += 1) {
      if (!url.startsWith(issuer)) return url;
      const response = await fetch(url, {
        method: body === undefined ? "GET" : "POST",
        redirect: "manual",
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
          ...(body !== undefined ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body,
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ""] = cookie.split(";");
        const at = pair.indexOf("=");
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      body = undefined;
      const location = response.headers.get("location");
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const html = await response.text();
      const uid = /\/interaction\/([^/"]+)\/login/.exec(html)?.[1];
      if (!uid) throw new Error(`the test provider answered ${response.status}: ${html.slice(0, 400)}`);
      if (email === null) {
        url = `${issuer}/interaction/${uid}/abort`;
        body = "";
      } else {
        url = `${issuer}/interaction/${uid}/login`;
        body = new URLSearchParams({ email }).toString();
      }
    }
    throw new Error("the test provider's sign-in did not finish");
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(account) {
      const email = account.email.toLowerCase();
      const sub = accounts.get(email)?.sub ?? `sub-${randomBytes(6).toString("hex")}`;
      accounts.set(email, { ...account, email, sub });
    },
    subjectOf: (email) => accounts.get(email.toLowerCase())!.sub,
    publishForeignKeys(on) {
      foreign = on;
    },
    signInAt,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
