// Types for proxy-trust.mjs (plain JavaScript: the launcher's front, preloaded by Node, imports it too).
import type { BlockList } from "node:net";
/** `::ffff:10.0.0.1` is `10.0.0.1`; brackets and zone ids go. */
export function normaliseAddress(address: string): string;
/** The addresses and CIDR ranges of `entries` as one list; an entry that is not an address is left out. */
export function trustList(entries: readonly string[]): BlockList;
/** True when `address` (normalised) is on `list`. */
export function isTrusted(list: BlockList, address: string): boolean;
/** The host an X-Forwarded-Host value names: its first entry, which the proxy nearest the browser wrote. */
export function firstForwardedHost(value: string | null | undefined): string | undefined;
