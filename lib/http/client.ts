import "server-only";
import { env } from "@/lib/env";
import { PEER_FORWARDED_HEADER, PEER_HEADER } from "./peer-headers.mjs";
import { firstForwardedHost, isTrusted, normaliseAddress as normalise, trustList } from "./proxy-trust.mjs";

// Who is asking, and over which protocol. The launcher's preload (lib/launcher/front.mjs) stamps
// every request with the connected machine's address; X-Forwarded-For, X-Forwarded-Proto and X-Forwarded-Host
// are believed only when that machine is one of TRUSTED_PROXIES (X-Forwarded-For only up to the first hop
// that is not). The front checks the host itself too (lib/http/hosts.mjs), with the same trust list.

export { PEER_FORWARDED_HEADER, PEER_HEADER } from "./peer-headers.mjs";
/** Set by Darkroom on the copy of a request it hands better-auth: the client address it decided on. */
export const CLIENT_HEADER = "x-darkroom-client";

export interface Client {
  /** The client's address, or undefined when the request did not come through Darkroom's server (tests). */
  address: string | undefined;
  https: boolean;
}

export function resolveClient(headers: Headers, trustedProxies: string[] = env.TRUSTED_PROXIES): Client {
  const peer = headers.get(PEER_HEADER);
  if (!peer) return { address: undefined, https: false };
  const list = trustList(trustedProxies);
  let address = normalise(peer);
  if (!isTrusted(list, address)) return { address, https: false };
  // Right to left: each trusted hop vouches for the one before it; the first untrusted one is the client.
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map(normalise).filter(Boolean);
  while (hops.length > 0 && isTrusted(list, address)) address = hops.pop()!;
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return { address, https: proto === "https" };
}

/**
 * The hosts a request was addressed to: its URL's, its Host header, and the host a trusted proxy says the
 * browser asked for (X-Forwarded-Host), which counts from no one else: a client that names its own
 * forwarded host must not pass as Darkroom's origin (issue 44). Unknown hosts never get this far (the front).
 */
export function requestHosts(request: Request, trustedProxies: string[] = env.TRUSTED_PROXIES): string[] {
  return [new URL(request.url).host, ...headerHosts(request.headers, trustedProxies)];
}

/** The hosts the browser named, from the headers alone: Host, and a trusted proxy's X-Forwarded-Host. */
export function headerHosts(headers: Headers, trustedProxies: string[] = env.TRUSTED_PROXIES): string[] {
  const host = headers.get("host")?.trim().toLowerCase();
  const forwarded = trustedForwardedHost(headers, trustedProxies);
  return [...(host ? [host] : []), ...(forwarded ? [forwarded] : [])];
}

/** X-Forwarded-Host when the connected machine is in TRUSTED_PROXIES; from anyone else, nothing. */
export function trustedForwardedHost(headers: Headers, trustedProxies: string[] = env.TRUSTED_PROXIES): string | undefined {
  const peer = headers.get(PEER_HEADER);
  const forwarded = firstForwardedHost(headers.get("x-forwarded-host"));
  return peer && forwarded && isTrusted(trustList(trustedProxies), normalise(peer)) ? forwarded : undefined;
}

const LOOPBACK = trustList(["127.0.0.0/8", "::1"]);

/**
 * True when the client is this machine itself: the address decided on above is loopback. A peer outside
 * TRUSTED_PROXIES that passes on X-Forwarded-For is a proxy Darkroom was not told about (nginx on the same
 * machine, say): the client behind it is unknown, so not local either.
 */
export function isLocalClient(headers: Headers, trustedProxies: string[] = env.TRUSTED_PROXIES): boolean {
  const { address } = resolveClient(headers, trustedProxies);
  if (!address || !isTrusted(LOOPBACK, address)) return false;
  return isTrusted(trustList(trustedProxies), normalise(headers.get(PEER_HEADER)!)) || headers.get(PEER_FORWARDED_HEADER) !== "1";
}
