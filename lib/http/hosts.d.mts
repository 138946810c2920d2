// Types for hosts.mjs (plain JavaScript: the launcher's front, preloaded by Node, imports it too).
export interface HostPattern {
  /** Lowercase, IPv6 in brackets, no trailing dot. */
  name: string;
  /** "" for any port. */
  port: string;
  /** Every subdomain of `name` (not `name` itself). */
  subdomains: boolean;
}
export interface ServedHosts {
  patterns: (HostPattern & { from: "PUBLIC_BASE_URL" | "HOST" | "ALLOWED_HOSTS" })[];
}
/** "a, b,,c" → ["a", "b", "c"]: how ALLOWED_HOSTS and TRUSTED_PROXIES are written. */
export function splitList(text: string | undefined): string[];
/** A Host value as a lowercase name and a port ("" when none); undefined when it is not one. */
export function splitHost(value: string): { name: string; port: string } | undefined;
/** localhost, 127.0.0.0/8 and [::1]. */
export function isLoopbackName(name: string): boolean;
/** One ALLOWED_HOSTS entry (`name`, `name:port`, `[v6]:port`, `*.name`, `.name`); undefined when it is none of these. */
export function parseHostEntry(entry: string): HostPattern | undefined;
/** The entries that parseHostEntry refuses. */
export function invalidHostEntries(entries: readonly string[]): string[];
/** The hosts served besides loopback, each with the setting it comes from. */
export function servedHosts(settings: { allowedHosts?: readonly string[]; publicBaseUrl?: string; listenHost?: string }): ServedHosts;
/** True when a request whose host is `value` (Host, or a trusted proxy's X-Forwarded-Host) is served. */
export function isServedHost(rule: ServedHosts, value: string | undefined): boolean;
/** Health checks are served whatever their host. */
export function isHealthCheck(target: string): boolean;
/** The 421 answer for a request to `host` at `target`: JSON for the API and the gateway, plain text elsewhere. */
export function misdirected(host: string | undefined, target: string): { contentType: string; body: string };
/** The start-up log's line saying which hosts are served. */
export function describeServedHosts(rule: ServedHosts): string;
