import "server-only";
import { createHash } from "node:crypto";

// GET /api/tasks pages, serialised, per viewer and query, each remembered with the list version it was read
// under (lib/db/list-version.ts). A request reads the version first (one primary-key row) and answers from
// here when it has not moved: the session cache, that row and a string are the whole cost. Reading the
// version before the page makes the stored page at least as new as its version, so a change that lands in
// between is not hidden: the next request sees a newer version and reads again. Every instance reads the
// version from the shared database, so a change made anywhere reaches every instance's cache.

export interface CachedPage {
  body: string;
  /**
   * A strong validator of this viewer's page (their key is hashed in, so one viewer's tag never matches
   * another's page): If-None-Match answers 304 without sending the page again.
   */
  etag: string;
}

interface Entry extends CachedPage {
  version: string;
}

/** Bounded by the characters held, oldest dropped first: a page of 200 tasks is some 150 KB. */
const MAX_CHARS = 16 * 1024 * 1024;

// On globalThis: Next may bundle this module more than once in one server process.
const state = globalThis as typeof globalThis & { __darkroomListCache?: { pages: Map<string, Entry>; chars: number } };
state.__darkroomListCache ??= { pages: new Map(), chars: 0 };
const cache = state.__darkroomListCache;

function drop(key: string): void {
  const entry = cache.pages.get(key);
  if (!entry) return;
  cache.pages.delete(key);
  cache.chars -= entry.body.length;
}

/** The page stored for `key` under `version`, else `read()`'s, stored for the next request. */
export async function cachedPage(key: string, version: string, read: () => Promise<string>): Promise<CachedPage> {
  const hit = cache.pages.get(key);
  if (hit?.version === version) return hit;
  const body = await read();
  const etag = `"${createHash("sha1").update(key).update("\n").update(version).update("\n").update(body).digest("base64url")}"`;
  drop(key);
  // A Map iterates oldest first.
  while (cache.chars + body.length > MAX_CHARS && cache.pages.size > 0) drop(cache.pages.keys().next().value!);
  if (body.length <= MAX_CHARS) {
    cache.pages.set(key, { version, body, etag });
    cache.chars += body.length;
  }
  return { body, etag };
}

/** 200 with the page, or 304 when the browser already holds it; revalidated on every use (`no-cache`). */
export function pageResponse(request: Request, page: CachedPage): Response {
  const headers = { etag: page.etag, "cache-control": "private, no-cache", vary: "cookie" };
  const held = request.headers.get("if-none-match");
  if (held && held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag))
    return new Response(null, { status: 304, headers });
  return new Response(page.body, { headers: { ...headers, "content-type": "application/json" } });
}
