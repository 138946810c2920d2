// Which connected machines are reverse proxies whose forwarded headers count (TRUSTED_PROXIES). Shared by
// lib/http/client.ts and the launcher's front (lib/launcher/front.mjs), which checks the forwarded host
// before Next runs. Plain JavaScript, since Node preloads the front before any TypeScript loader runs
// (types: proxy-trust.d.mts).
import { BlockList, isIP } from "node:net";

/** `::ffff:10.0.0.1` is `10.0.0.1`; brackets and zone ids go. */
export function normaliseAddress(address) {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(bare) ? bare.slice(7) : bare.toLowerCase();
}

/** The addresses and CIDR ranges of `entries` as one list; an entry that is not an address is left out. */
export function trustList(entries) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const ip = normaliseAddress(address);
    const family = isIP(ip) === 6 ? "ipv6" : "ipv4";
    if (!isIP(ip)) continue; // lib/env.ts refuses host names at start-up: a proxy is an address
    if (prefix === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(prefix), family);
  }
  return list;
}

/** True when `address` (normalised) is on `list`. */
export function isTrusted(list, address) {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The host an X-Forwarded-Host value names: its first entry, which the proxy nearest the browser wrote.
 * The standard `Forwarded` header is not read: every common proxy sends the X-Forwarded- ones.
 */
export function firstForwardedHost(value) {
  return value?.split(",")[0]?.trim().toLowerCase() || undefined;
}
