import "server-only";
import { database } from "@/lib/db";
import { readListVersion } from "@/lib/db/list-version";
import { listTasks } from "@/lib/db/task-list";
import type { TaskListQuery } from "@/lib/schemas/tasks";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import { decodeCursor, encodeCursor } from "./cursor";
import { withEstimates } from "./estimates";
import { cachedPage, type CachedPage } from "./list-cache";
import { listedTaskView } from "./task-views";

// The team's tasks, newest first, one page at a time (every role sees every task: it is a team dashboard),
// less those hidden for the team and those this member hid for themselves.

async function readPage(query: TaskListQuery, viewerId: string): Promise<string> {
  const { db } = database();
  const { cursor, limit, member, ...filters } = query;
  const rows = await listTasks(db, { filters: { ...filters, userId: member }, cursor: decodeCursor(cursor), limit: limit + 1, viewerId });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return JSON.stringify({
    tasks: await withEstimates(db, page.map(listedTaskView)),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  });
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
