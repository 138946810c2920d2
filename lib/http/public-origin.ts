import "server-only";
import { env } from "@/lib/env";
import { headerHosts, resolveClient, trustedForwardedHost } from "./client";
import { isLoopbackName } from "./hosts.mjs";

// Where a link meant for someone else points: share links, the token page's examples, the OpenAPI document's
// server, a script's result links. A link that names an address the reader cannot open fails silently, on
// someone else's machine (issue 45), so this is decided here alone: PUBLIC_BASE_URL when the admin set it,
// else the origin the browser itself used.

export interface LinkOrigin {
  origin: string;
  /** A loopback origin with no PUBLIC_BASE_URL: the link opens on this machine only, which the page says. */
  localOnly: boolean;
}

/**
 * PUBLIC_BASE_URL as the admin gave it. The launcher sets a loopback one of its own for the embedded
 * emulator's uploads (PUBLIC_BASE_URL_IMPLIED): 127.0.0.1 for a browser on localhost, so not for people.
 */
export const givenPublicBaseUrl = (): string | undefined => (env.PUBLIC_BASE_URL_IMPLIED ? undefined : env.PUBLIC_BASE_URL);

export function linkOrigin(headers: Headers, fallbackHost = "localhost", trustedProxies: string[] = env.TRUSTED_PROXIES): LinkOrigin {
  const given = givenPublicBaseUrl();
  if (given) return { origin: given, localOnly: false };
  const origin = browserOrigin(headers, trustedProxies) ?? addressedOrigin(headers, fallbackHost, trustedProxies);
  return { origin, localOnly: isLoopbackName(hostnameOf(origin)) };
}

export const publicOrigin = (headers: Headers, fallbackHost?: string): string => linkOrigin(headers, fallbackHost).origin;

/**
 * A browser's POST says the page's origin in `Origin`: the most direct evidence, taken when it names one of
 * the hosts the request was addressed to (Host, or a trusted proxy's X-Forwarded-Host), so no one picks it.
 */
function browserOrigin(headers: Headers, trustedProxies: string[]): string | undefined {
  const value = headers.get("origin");
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if ((url.protocol === "http:" || url.protocol === "https:") && headerHosts(headers, trustedProxies).includes(url.host))
      return url.origin;
  } catch {
    // "null" (sandboxed frames) and garbage: fall back to the addressed host
  }
  return undefined;
}

/** A page render or a script: the host a trusted proxy says the browser asked for, else Host, with its protocol. */
function addressedOrigin(headers: Headers, fallbackHost: string, trustedProxies: string[]): string {
  const host = trustedForwardedHost(headers, trustedProxies) ?? (headers.get("host")?.trim().toLowerCase() || fallbackHost);
  return `${resolveClient(headers, trustedProxies).https ? "https" : "http"}://${host}`;
}

function hostnameOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return "";
  }
}
