import { database } from "@/lib/db";
import { listTasks } from "@/lib/db/task-list";
import { withUser } from "@/lib/http/handler";
import { taskListQuerySchema } from "@/lib/schemas/tasks";
import { decodeCursor, encodeCursor } from "@/lib/tasks/cursor";
import { withEstimates } from "@/lib/tasks/estimates";
import { listedTaskView } from "@/lib/tasks/task-views";

// The team's tasks, newest first, one page at a time (every role sees every task: it is a team dashboard),
// less those hidden for the team and those this member hid for themselves.
export const GET = withUser({ query: taskListQuerySchema }, async ({ query, user }) => {
  const { cursor, limit, member, ...filters } = query;
  const rows = await listTasks(database().db, {
    filters: { ...filters, userId: member },
    cursor: decodeCursor(cursor),
    limit: limit + 1,
    viewerId: user.id,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return Response.json({
    tasks: await withEstimates(database().db, page.map(listedTaskView)),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  });
});
