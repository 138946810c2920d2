import "server-only";
import { BlockList, isIP } from "node:net";

// Which network addresses the server may fetch from on someone else's say-so (an upstream's result URL):
// public unicast only. Everything a request could use to reach the machine itself, the local network or
// a cloud's metadata service is refused, in every spelling.

const BLOCKED_V4: [string, number, string][] = [
  ["0.0.0.0", 8, "this network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "relay"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const BLOCKED_V6: [string, number, string][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["::ffff:0:0", 96, "IPv4-mapped"],
  ["::", 96, "IPv4-compatible"],
  ["64:ff9b::", 96, "NAT64"],
  ["64:ff9b:1::", 48, "NAT64"],
  ["100::", 64, "discard"],
  ["2001::", 23, "protocol assignments"],
  ["2001:db8::", 32, "documentation"],
  ["2002::", 16, "6to4"],
  ["fc00::", 7, "private"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local"],
  ["ff00::", 8, "multicast"],
];

const lists = [
  ...BLOCKED_V4.map(([net, prefix, why]) => ({ net, prefix, why, type: "ipv4" as const })),
  ...BLOCKED_V6.map(([net, prefix, why]) => ({ net, prefix, why, type: "ipv6" as const })),
].map((entry) => {
  const list = new BlockList();
  list.addSubnet(entry.net, entry.prefix, entry.type);
  return { list, type: entry.type, why: entry.why };
});

/** Why an address may not be fetched from (e.g. "loopback"), or null when it is a public unicast address. */
export function refusedAddress(address: string): string | null {
  const version = isIP(address);
  if (version === 0) return "not an IP address";
  const type = version === 4 ? "ipv4" : "ipv6";
  for (const { list, type: listType, why } of lists) if (listType === type && list.check(address, type)) return why;
  // Global unicast IPv6 is 2000::/3; anything else left over is not for the public internet.
  if (type === "ipv6" && (Number.parseInt(address.split(":")[0] || "0", 16) & 0xe000) !== 0x2000) return "not a global address";
  return null;
}

/**
 * Refuses an IPv4 host written in anything but dotted decimal (2130706433, 0177.0.0.1, 0x7f.1, 127.1): the
 * URL parser turns them into 127.0.0.1, but such a spelling is only ever used to slip past a filter.
 */
export function oddNumericHost(rawUrl: string, parsedHostname: string): boolean {
  if (isIP(parsedHostname) !== 4) return false;
  const written = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]*)/i.exec(rawUrl)?.[1]?.toLowerCase();
  return written !== parsedHostname;
}
