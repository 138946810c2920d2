// What every request meets before Next: preloaded into the dashboard's process (`node --import`) by the
// launcher, it wraps the HTTP server's request event.
//
// 1. The peer stamp. Next hands route handlers no socket, and the X-Forwarded-For it fills in keeps whatever
//    a client sent. Each request gets the address of the machine actually connected (replacing any such
//    header from outside), so Darkroom decides which forwarded headers to believe (TRUSTED_PROXIES,
//    lib/http/client.ts) from a fact rather than a claim.
// 2. Known hosts only. A request whose host (Host, or X-Forwarded-Host from a machine in TRUSTED_PROXIES)
//    is not one Darkroom serves (lib/http/hosts.mjs) gets 421 before anything else reads it: DNS rebinding
//    reaches Darkroom under an attacker's name. Here, not in proxy.ts, because every path passes here,
//    the build's static files and /api/uploads included, which proxy.ts's matcher leaves out.
// 3. Malformed escapes. Next decodes the path itself and answers a bare 500 when a segment is not valid
//    percent-encoded UTF-8 (`%ff`, `%C3%28`, a lone `%`), before proxy.ts runs; in the query it turns
//    them into U+FFFD. Both are answered here with a 400 a person can act on.
// 4. Body limits. Next waits for a whole body before a proxied route runs (keeping only its first 96 KiB,
//    which the route would then parse as if it were all) and waits for a declared length as long as the
//    client likes. A body over its route's limit (body-limits.mjs) is refused here with 413 and the
//    connection closed: a declared length at once, a chunked body as soon as it passes the limit, with
//    nothing past the limit handed on.
// 5. Brotli. Under `next start`, the build's scripts and styles go out brotli-compressed to browsers that
//    accept it (static-brotli.mjs); every other request reaches Next as before.
import http from "node:http";
import path from "node:path";
import { bodyLimit } from "../http/body-limits.mjs";
import { isHealthCheck, isServedHost, misdirected, servedHosts, splitList } from "../http/hosts.mjs";
import { PEER_FORWARDED_HEADER, PEER_HEADER } from "../http/peer-headers.mjs";
import { firstForwardedHost, isTrusted, normaliseAddress, trustList } from "../http/proxy-trust.mjs";
import { securityHeaders } from "../http/security-headers.mjs";
import { brotliStatic } from "./static-brotli.mjs";

function decodes(part) {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

/** True when the raw request target's path or query holds a malformed percent-escape. */
export function hasMalformedEscape(target) {
  const [path = "", query = ""] = target.split("#")[0].split(/\?(.*)/s);
  if (!path.split("/").every(decodes)) return true;
  return !query.split("&").every((pair) => pair.split("=").every((part) => decodes(part.replace(/\+/g, " "))));
}

const BAD_ADDRESS = JSON.stringify({
  error: { code: "bad_request:address", message: "The address holds a malformed %-escape; check the link." },
});

/**
 * An answer of the front's own, with the headers every answer carries (the one header function). Over
 * plain HTTP as far as the front knows: which proxies to believe about HTTPS is Darkroom's to decide
 * (lib/http/client.ts), so these few answers go without HSTS, which every page sends.
 */
function answer(request, response, status, body, extra = {}) {
  response.writeHead(status, {
    ...securityHeaders({ path: request.url ?? "/", csp: "default-src 'none'; frame-ancestors 'none'", https: false }),
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...extra,
  });
  response.end(body);
}

/** @type {{ key: string; hosts: ReturnType<typeof servedHosts>; proxies: ReturnType<typeof trustList> } | undefined} */
let settings;

/**
 * The hosts served and the proxies trusted, from the settings lib/env.ts checks (in this same process, which
 * exits at start-up on an invalid value). Read here because Node preloads the front before any TypeScript
 * loader, so it cannot import lib/env.ts; read when asked, after Next has loaded its .env files too.
 */
function frontSettings() {
  // eslint-disable-next-line no-restricted-properties -- see above: lib/env.ts validates the same variables
  const { ALLOWED_HOSTS, PUBLIC_BASE_URL, HOST, TRUSTED_PROXIES } = process.env;
  const key = [ALLOWED_HOSTS, PUBLIC_BASE_URL, HOST, TRUSTED_PROXIES].join("\n");
  if (settings?.key !== key) {
    const hosts = servedHosts({ allowedHosts: splitList(ALLOWED_HOSTS), publicBaseUrl: PUBLIC_BASE_URL, listenHost: HOST });
    settings = { key, hosts, proxies: trustList(splitList(TRUSTED_PROXIES)) };
  }
  return settings;
}

/** The host the browser asked for: a trusted proxy's X-Forwarded-Host, else Host. */
function requestHost(request, proxies) {
  const forwarded = firstForwardedHost(request.headers["x-forwarded-host"]);
  if (forwarded && isTrusted(proxies, normaliseAddress(request.socket?.remoteAddress ?? ""))) return forwarded;
  return request.headers.host;
}

/** True when the request was refused with 421 because its host is not one Darkroom serves. */
function refuseHost(request, response) {
  const target = request.url ?? "/";
  if (isHealthCheck(target)) return false;
  const { hosts, proxies } = frontSettings();
  const host = requestHost(request, proxies);
  if (isServedHost(hosts, host)) return false;
  request.resume(); // drain any body (up to its limit); nothing reads it
  const { contentType, body } = misdirected(host, target);
  answer(request, response, 421, body, { "Content-Type": contentType, Connection: "close" });
  return true;
}

/**
 * 413, then the connection closed without reading the rest. Whoever reads the request behind the front
 * sees it end as if the client had gone away (an AbortError, which Next drops quietly), never a cut body.
 */
function refuseBody(request, response, refusal) {
  const close = () => request.destroy(Object.assign(new Error("The request body is over its limit."), { name: "AbortError" }));
  if (response.headersSent) return close();
  response.once("finish", close);
  answer(request, response, 413, refusal, { Connection: "close" });
}

/** Counts the body as the HTTP parser hands it over; true when the request was refused before any of it. */
function limitBody(request, response) {
  const { limit, refusal } = bodyLimit(request.url ?? "/");
  if (Number(request.headers["content-length"]) > limit) {
    refuseBody(request, response, refusal);
    return true;
  }
  const push = request.push;
  let size = 0;
  let over = false;
  request.push = function (chunk, encoding) {
    if (chunk !== null && !over) {
      size += chunk.length;
      over = size > limit;
      if (over) refuseBody(request, response, refusal);
    }
    // Past the limit nothing is handed on, and `false` stops the parser reading the socket.
    return over ? false : push.call(this, chunk, encoding);
  };
  return false;
}

/** @type {ReturnType<typeof brotliStatic> | undefined} */
let staticFiles;
let warmed = false;

/** Serves `root` (a build's `.next/static`) brotli-compressed from now on; `next start` does this below. */
export function serveStaticFrom(root) {
  staticFiles = brotliStatic(root);
  warmed = false;
  return staticFiles;
}

// `node --import front.mjs next start …`: the production server. `next dev` rewrites its chunks as you edit
// and must not have them cached, so it is left alone.
if (process.argv[2] === "start") serveStaticFrom(path.join(process.cwd(), ".next", "static"));

const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function front(event, ...args) {
  if (event === "listening" && staticFiles && !warmed) {
    warmed = true;
    void staticFiles.warm();
  }
  if (event === "request") {
    const [request, response] = args;
    request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? "";
    if (request.headers["x-forwarded-for"] === undefined) delete request.headers[PEER_FORWARDED_HEADER];
    else request.headers[PEER_FORWARDED_HEADER] = "1";
    if (limitBody(request, response)) return true;
    if (refuseHost(request, response)) return true;
    if (hasMalformedEscape(request.url ?? "/")) {
      request.resume(); // drain any body (up to its limit); nothing reads it
      answer(request, response, 400, BAD_ADDRESS);
      return true;
    }
    if (staticFiles && request.url?.startsWith("/_next/static/")) {
      staticFiles.handle(request, response).then(
        (answered) => answered || emit.call(this, event, ...args),
        // A file that vanished mid-read, say: Next answers it as it would have.
        () => response.headersSent || emit.call(this, event, ...args),
      );
      return true;
    }
  }
  return emit.call(this, event, ...args);
};
