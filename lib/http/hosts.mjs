// The hosts Darkroom answers for (issue 44, finding 4). DNS rebinding points an attacker's name at Darkroom's
// address: the victim's browser then takes Darkroom for the attacker's own site, reads its answers and sends
// an Origin that matches Host, which a CSRF check cannot tell from Darkroom's own page. Answering only the
// names Darkroom is known by closes that: loopback names, PUBLIC_BASE_URL's host, a specific HOST it listens
// on, and ALLOWED_HOSTS; anything else gets 421. The launcher's front (lib/launcher/front.mjs) applies it to
// every request, lib/env.ts checks ALLOWED_HOSTS with it and the launcher logs it. Plain JavaScript, since
// Node preloads the front before any TypeScript loader runs (types: hosts.d.mts).

const NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** "a, b,,c" → ["a", "b", "c"]: how ALLOWED_HOSTS and TRUSTED_PROXIES are written. */
export function splitList(text) {
  return (text ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * A Host value (or an ALLOWED_HOSTS entry) as a lowercase name (IPv6 in brackets, no trailing dot) and a
 * port ("" when none); undefined when it is not one.
 */
export function splitHost(value) {
  const text = value.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]*:[0-9a-f:.]*\]|[^:[\]]*?)\.?(?::(\d{1,5}))?$/.exec(text);
  if (!match) return undefined;
  const [, name = "", port = ""] = match;
  if (!name.startsWith("[") && !NAME.test(name)) return undefined;
  if (port && Number(port) > 65535) return undefined;
  return { name, port };
}

/** localhost, 127.0.0.0/8 and [::1]: a name only this machine answers to, whatever DNS says. */
export function isLoopbackName(name) {
  if (name === "localhost" || name === "[::1]") return true;
  const octets = name.split(".");
  return octets.length === 4 && octets[0] === "127" && octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255);
}

/**
 * One ALLOWED_HOSTS entry: `name` (any port), `name:port` (that port only), `[v6]` or `[v6]:port`, and
 * `*.name` or `.name` for every subdomain of name (not name itself). Undefined when it is none of these.
 */
export function parseHostEntry(entry) {
  let text = entry.trim().toLowerCase();
  const subdomains = /^\*?\./.test(text);
  if (subdomains) text = text.replace(/^\*?\./, "");
  // A bare IPv6 address ("fe80::1") has no port: brackets make it one name.
  if (!text.startsWith("[") && (text.match(/:/g) ?? []).length > 1) text = `[${text}]`;
  const host = splitHost(text);
  if (!host || (subdomains && host.name.startsWith("["))) return undefined;
  return { ...host, subdomains };
}

/** The entries of `entries` that parseHostEntry refuses. */
export function invalidHostEntries(entries) {
  return entries.filter((entry) => parseHostEntry(entry) === undefined);
}

/**
 * The hosts served besides loopback, each with the setting it comes from. PUBLIC_BASE_URL's host and HOST
 * match any port; HOST counts when it is a specific address (a LAN address): 0.0.0.0 and :: are no name.
 */
export function servedHosts({ allowedHosts = [], publicBaseUrl, listenHost }) {
  const patterns = [];
  if (publicBaseUrl) {
    try {
      patterns.push({ name: new URL(publicBaseUrl).hostname.replace(/\.$/, ""), port: "", subdomains: false, from: "PUBLIC_BASE_URL" });
    } catch {
      // lib/env.ts refuses a malformed PUBLIC_BASE_URL at start-up
    }
  }
  const listen = listenHost?.includes(":") && !listenHost.startsWith("[") ? `[${listenHost}]` : listenHost;
  const own = listen ? splitHost(listen) : undefined;
  if (own && !["0.0.0.0", "[::]"].includes(own.name) && !isLoopbackName(own.name))
    patterns.push({ name: own.name, port: "", subdomains: false, from: "HOST" });
  for (const entry of allowedHosts) {
    const host = parseHostEntry(entry);
    if (host) patterns.push({ ...host, from: "ALLOWED_HOSTS" });
  }
  return { patterns };
}

/** True when a request whose host is `value` (Host, or a trusted proxy's X-Forwarded-Host) is served. */
export function isServedHost(rule, value) {
  const host = splitHost(value ?? "");
  if (!host) return false;
  if (isLoopbackName(host.name)) return true;
  return rule.patterns.some(
    ({ name, port, subdomains }) =>
      (port === "" || port === host.port) && (subdomains ? host.name.endsWith(`.${name}`) : host.name === name),
  );
}

/**
 * Health checks are served whatever their host: load balancers and orchestrators probe an instance by its
 * own address or service name (an ALB or Kubernetes by the IP, compose by `web:3000`), which no list could
 * name, and these answers hold nothing but readiness. An exact path, so no `..` reaches another route.
 */
export function isHealthCheck(target) {
  return /^\/api\/health(\/[a-z]+)?\/?$/.test(target.split("?")[0]);
}

/** The 421 answer for a request to `host` at `target`: JSON for the API and the gateway, plain text elsewhere. */
export function misdirected(host, target) {
  // Printable and short: the host is the client's to choose.
  const shown = (host ?? "").replace(/[^\x21-\x7e]/g, "?").slice(0, 100) || "(none)";
  const message =
    `This Darkroom does not serve the host '${shown}'. If that is its address, add it to ALLOWED_HOSTS ` +
    "(or set PUBLIC_BASE_URL to it) and restart Darkroom; otherwise open Darkroom at the address it is served at.";
  const path = target.split("?")[0];
  if (/^\/(api|v1)(\/|$)/.test(path))
    return { contentType: "application/json", body: JSON.stringify({ error: { code: "misdirected:host", message } }) };
  return { contentType: "text/plain; charset=utf-8", body: `421 Misdirected Request\n\n${message}\n` };
}

const shownPattern = ({ name, port, subdomains }) => `${subdomains ? "*." : ""}${name}${port ? `:${port}` : ""}`;

/** The start-up log's line saying which hosts are served. */
export function describeServedHosts(rule) {
  const groups = [["localhost, 127.0.0.0/8, [::1]", "loopback"]];
  for (const from of ["PUBLIC_BASE_URL", "HOST", "ALLOWED_HOSTS"]) {
    const names = rule.patterns.filter((pattern) => pattern.from === from).map(shownPattern);
    if (names.length > 0) groups.push([names.join(", "), from]);
  }
  const served = groups.map(([names, from]) => `${names} (${from})`).join("; ");
  return `Serving the hosts ${served}, each on any port unless one is named. Any other host gets 421: add it to ALLOWED_HOSTS.`;
}
