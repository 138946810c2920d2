import "server-only";
import * as client from "openid-client";
import type { SsoProvider } from "./providers";

// The provider's endpoints and keys, discovered from its issuer (/.well-known/openid-configuration) by
// openid-client, kept per provider for ten minutes and forgotten when an admin changes it. openid-client
// fetches the provider's signing keys (jwks_uri) itself and checks each ID token's signature against them
// (enableNonRepudiationChecks below).
// The issuer is named by an admin and is often on the team's own network (Keycloak, Authentik), so it is
// not held to the public-only SSRF guard; it must be HTTPS, or plain HTTP on this machine only.

const TTL_MS = 10 * 60_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

interface Cached {
  key: string;
  config: Promise<client.Configuration>;
  at: number;
}

const cache = new Map<string, Cached>();

export class ProviderUnreachable extends Error {}

/** What a log line may say of a failure: its code and words, with any URL (often an internal address) left out. */
export function describeError(error: unknown): { code?: string; message: string } {
  const { code, message = "" } = (error ?? {}) as { code?: unknown; message?: string };
  return {
    code: typeof code === "string" ? code : undefined,
    message: String(message)
      .replace(/\bhttps?:\/\/\S+/g, "<url>")
      .slice(0, 300),
  };
}

const keyOf = (provider: SsoProvider) => JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);

export function forgetDiscovery(id?: string): void {
  if (id === undefined) cache.clear();
  else cache.delete(id);
}

async function discover(provider: SsoProvider): Promise<client.Configuration> {
  const issuer = new URL(provider.issuer);
  const loopbackHttp = issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname);
  if (issuer.protocol !== "https:" && !loopbackHttp) throw new ProviderUnreachable("the issuer must be an https URL");
  try {
    return await client.discovery(issuer, provider.clientId, undefined, client.ClientSecretBasic(provider.clientSecret ?? ""), {
      // openid-client, following OpenID Connect Core 3.1.3.7, trusts an ID token from the token endpoint by TLS alone;
      // Darkroom checks its signature against the provider's published keys too (an issuer behind a proxy, a
      // provider's key rotated out, and the tests' "signed by another key").
      execute: [client.enableNonRepudiationChecks, ...(loopbackHttp ? [client.allowInsecureRequests] : [])],
      timeout: 10,
    });
  } catch (error) {
    throw new ProviderUnreachable(`discovery failed: ${describeError(error).message}`);
  }
}

export async function providerConfig(provider: SsoProvider): Promise<client.Configuration> {
  const key = keyOf(provider);
  const hit = cache.get(provider.id);
  if (hit && hit.key === key && Date.now() - hit.at < TTL_MS) return hit.config;
  const config = discover(provider);
  cache.set(provider.id, { key, config, at: Date.now() });
  // A failure is not kept: the next sign-in tries again.
  config.catch(() => {
    if (cache.get(provider.id)?.config === config) cache.delete(provider.id);
  });
  return config;
}
