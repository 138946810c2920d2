import "server-only";
import { createHash } from "node:crypto";

// GET /api/tasks pages, serialised, per viewer and query, each remembered with the list version it was read
// under (lib/db/list-version.ts). A request reads the version first (one primary-key row) and answers from
// here when it has not moved: the session cache, that row and a string are the whole cost. Reading the
// version before the page makes the stored page at least as new as its version, so a change that lands in
// between is not hidden: the next request sees a newer version and reads again. Every instance reads the
// version from the shared database, so a change made anywhere reaches every instance's cache.

export interface CachedPage {
  /** UTF-8, encoded once when read: every answer from the cache sends these bytes as they are. */
  body: Uint8Array;
  /**
   * A strong validator of this viewer's page (their key is hashed in, so one viewer's tag never matches
   * another's page): If-None-Match answers 304 without sending the page again.
   */
  etag: string;
}

interface Entry extends CachedPage {
  version: string;
}

/** Bounded by the bytes held, oldest dropped first: a page of 50 tasks is some 40 KB. */
const MAX_BYTES = 16 * 1024 * 1024;

// On globalThis: Next may bundle this module more than once in one server process.
const state = globalThis as typeof globalThis & {
  __darkroomListCache?: {
    pages: Map<string, Entry>;
    bytes: number;
    /** Reads under way, by key and version: requests that miss together share one read. */
    reading: Map<string, Promise<CachedPage>>;
  };
};
state.__darkroomListCache ??= { pages: new Map(), bytes: 0, reading: new Map() };
const cache = state.__darkroomListCache;

function drop(key: string): void {
  const entry = cache.pages.get(key);
  if (!entry) return;
  cache.pages.delete(key);
  cache.bytes -= entry.body.byteLength;
}

/** The page stored for `key` under `version`, else `read()`'s, stored for the next request. */
export async function cachedPage(key: string, version: string, read: () => Promise<string>): Promise<CachedPage> {
  const hit = cache.pages.get(key);
  if (hit?.version === version) return hit;
  const flight = `${key}\n${version}`;
  let reading = cache.reading.get(flight);
  if (!reading) {
    reading = fill(key, version, read).finally(() => cache.reading.delete(flight));
    cache.reading.set(flight, reading);
  }
  return reading;
}

async function fill(key: string, version: string, read: () => Promise<string>): Promise<CachedPage> {
  const text = await read();
  const body = Buffer.from(text);
  const etag = `"${createHash("sha1").update(key).update("\n").update(version).update("\n").update(body).digest("base64url")}"`;
  // Whichever version is stored last, a request only takes it when its own version read matches it exactly.
  drop(key);
  // A Map iterates oldest first.
  while (cache.bytes + body.byteLength > MAX_BYTES && cache.pages.size > 0) drop(cache.pages.keys().next().value!);
  if (body.byteLength <= MAX_BYTES) {
    cache.pages.set(key, { version, body, etag });
    cache.bytes += body.byteLength;
  }
  return { body, etag };
}

/** 200 with the page, or 304 when the browser already holds it; revalidated on every use (`no-cache`). */
export function pageResponse(request: Request, page: CachedPage): Response {
  const headers = { etag: page.etag, "cache-control": "private, no-cache", vary: "cookie" };
  const held = request.headers.get("if-none-match");
  if (held && held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag))
    return new Response(null, { status: 304, headers });
  return new Response(page.body as Uint8Array<ArrayBuffer>, { headers: { ...headers, "content-type": "application/json" } });
}
