import "server-only";
import { database } from "@/lib/db";
import { readListVersion } from "@/lib/db/list-version";
import type { TaskListQuery } from "@/lib/schemas/tasks";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import { cachedPage, type CachedPage } from "./list-cache";
import { readTaskPage } from "./task-page";

// GET /api/tasks: the page `readTaskPage` reads (lib/tasks/task-page.ts), serialised and kept in the list cache.

function readPage(query: TaskListQuery, viewerId: string): Promise<string> {
  return readTaskPage(database().db, query, viewerId).then((page) => JSON.stringify(page));
}

/**
 * One page for one viewer, from the list cache while nothing it could show has changed. The key holds the
 * viewer (their own hidden set) and the validated query; the version also holds the upstream clock skew,
 * from which image expiry times are computed.
 */
export async function taskListPage(query: TaskListQuery, viewerId: string): Promise<CachedPage> {
  const version = `${await readListVersion(database().db)}:${upstreamSkewMs()}`;
  return cachedPage(`${viewerId}\n${JSON.stringify(query)}`, version, () => readPage(query, viewerId));
}
