import "server-only";
import type { Kysely } from "kysely";
import { listTasks } from "@/lib/db/task-list";
import type { Database } from "@/lib/db/schema";
import type { TaskListQuery } from "@/lib/schemas/tasks";
import type { TaskView } from "@/lib/schemas/views";
import { decodeCursor, encodeCursor } from "./cursor";
import { withEstimates } from "./estimates";
import { listedTaskView } from "./task-views";

export interface TaskPageData {
  tasks: TaskView[];
  nextCursor: string | null;
}

/**
 * One page of the team's tasks, newest first, as GET /api/tasks answers it (every role sees every task),
 * less those hidden for the team and those this viewer hid. The pages rendered on the server call it
 * directly, so their first page is the one the browser would have asked the API for.
 */
export async function readTaskPage(db: Kysely<Database>, query: TaskListQuery, viewerId: string): Promise<TaskPageData> {
  const { cursor, limit, member, ...filters } = query;
  const rows = await listTasks(db, {
    filters: { ...filters, userId: member },
    cursor: decodeCursor(cursor),
    limit: limit + 1,
    viewerId,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    tasks: await withEstimates(db, page.map(listedTaskView)),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
