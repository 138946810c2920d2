import "server-only";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";
import { PEER_FORWARDED_HEADER, PEER_HEADER } from "./peer-headers.mjs";

// Who is asking, and over which protocol. The launcher's preload (lib/launcher/front.mjs) stamps
// every request with the connected machine's address; X-Forwarded-For and X-Forwarded-Proto are believed
// only when that machine is one of TRUSTED_PROXIES, and then only up to the first hop that is not.

export { PEER_FORWARDED_HEADER, PEER_HEADER } from "./peer-headers.mjs";
/** Set by Darkroom on the copy of a request it hands better-auth: the client address it decided on. */
export const CLIENT_HEADER = "x-darkroom-client";

/** `::ffff:10.0.0.1` is `10.0.0.1`; brackets and zone ids go. */
function normalise(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(bare) ? bare.slice(7) : bare.toLowerCase();
}

function trustList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const ip = normalise(address);
    const family = isIP(ip) === 6 ? "ipv6" : "ipv4";
    if (!isIP(ip)) continue; // lib/env names no host names: a proxy is an address
    if (prefix === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(prefix), family);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

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
