import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Readable, Transform } from "node:stream";
import { oddNumericHost, refusedAddress } from "./address-policy";

// The one way the server fetches a URL it did not choose itself (an upstream's result URL): public HTTPS
// only, the name resolved and every address checked, the connection pinned to the address that was
// checked (a second DNS answer cannot swap in 127.0.0.1), each redirect checked again, at most 3 of them,
// the size capped while the bytes arrive, and time limits on the answer and on a stalled transfer.

export const MAX_REDIRECTS = 3;
const IDLE_MS = 30_000;

/** The URL was refused by policy. The message says why, in words safe to store and show: never the URL. */
export class RefusedFetch extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedFetch";
  }
}

export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  /** The configured upstream's base URL: its own origin (scheme, host and port) is fetched as is, even on a loopback or private address. */
  trustedBaseUrl?: string;
  /** Until the answer's headers arrive. */
  timeoutMs: number;
  /** The most bytes a body of this content type may have. */
  maxBytes: (contentType: string) => number;
  /** No byte for this long ends the transfer. */
  idleMs?: number;
  /** DNS resolution (tests give their own). */
  resolve?: Resolve;
  /** GET unless said (webhooks POST). A request with a body never follows a redirect: its answer is returned as is. */
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

interface Target {
  url: URL;
  /** The checked address to connect to; undefined for the trusted upstream (resolved normally). */
  pinned?: { address: string; family: number };
}

export async function safeFetch(url: string, options: SafeFetchOptions): Promise<Response> {
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const target = await checkTarget(current, options);
    const answer = await send(target, options);
    const location = answer.headers.location;
    if ((options.method ?? "GET") === "GET" && [301, 302, 303, 307, 308].includes(answer.statusCode ?? 0) && location) {
      answer.resume();
      if (redirects >= MAX_REDIRECTS) throw new RefusedFetch(`it redirected more than ${MAX_REDIRECTS} times.`);
      current = new URL(location, target.url).href;
      continue;
    }
    return capped(answer, options);
  }
}

/** Checks a URL a person gives (a webhook's) by the same rules, resolving its name now; throws RefusedFetch. */
export async function checkPublicUrl(url: string, { resolve }: { resolve?: Resolve } = {}): Promise<void> {
  await checkTarget(url, { resolve });
}

async function checkTarget(
  raw: string,
  { trustedBaseUrl, resolve = systemResolve }: Pick<SafeFetchOptions, "trustedBaseUrl" | "resolve">,
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedFetch("its address is not a valid URL.");
  }
  if (trustedBaseUrl && url.origin === new URL(trustedBaseUrl).origin) return { url };
  if (url.protocol !== "https:") throw new RefusedFetch("its address is not HTTPS.");
  if (url.username || url.password) throw new RefusedFetch("its address carries a user name or password.");
  if (oddNumericHost(raw, url.hostname)) throw new RefusedFetch("its address spells an IP address in a numeric form.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(resolve, host);
  if (addresses.length === 0) throw new RefusedFetch("its host name does not resolve.");
  for (const { address } of addresses) {
    const why = refusedAddress(address);
    if (why) throw new RefusedFetch(`its address is not public (${why}).`);
  }
  return { url, pinned: addresses[0] };
}

async function resolveAll(resolve: Resolve, host: string) {
  try {
    return await resolve(host);
  } catch {
    throw new RefusedFetch("its host name does not resolve.");
  }
}

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function send(
  { url, pinned }: Target,
  { timeoutMs, idleMs = IDLE_MS, method = "GET", headers = {}, body }: SafeFetchOptions,
): Promise<IncomingMessage> {
  // Connect to the address that was checked, whatever the name resolves to by now; TLS still verifies the name.
  const lookup: LookupFunction | undefined = pinned
    ? (_hostname, lookupOptions, callback) => {
        if (lookupOptions.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      }
    : undefined;
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolvePromise, reject) => {
    const sent = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const options = { method, headers: { accept: "*/*", ...headers, ...sent }, lookup, timeout: idleMs };
    const request = transport.request(url, options, (response) => {
      clearTimeout(deadline);
      resolvePromise(response);
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    request.on("timeout", () => request.destroy(new Error("the transfer stalled")));
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

/** A web Response whose body errors (with RefusedFetch) as soon as it passes the cap for its type. */
function capped(answer: IncomingMessage, { maxBytes }: SafeFetchOptions): Response {
  const status = answer.statusCode ?? 502;
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const contentType = (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const limit = maxBytes(contentType);
  const tooLarge = () => new RefusedFetch(`it is larger than the ${megabytes(limit)} limit.`);
  const declared = Number(headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) {
    answer.destroy();
    throw tooLarge();
  }
  if (status === 204 || status === 304 || status < 200) {
    answer.resume();
    return new Response(null, { status: status < 200 ? 502 : status, headers });
  }
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        answer.destroy();
        done(tooLarge());
      } else done(null, chunk);
    },
  });
  answer.on("error", (error) => counter.destroy(error));
  return new Response(Readable.toWeb(answer.pipe(counter)) as ReadableStream<Uint8Array>, { status, headers });
}
