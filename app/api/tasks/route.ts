import { withUser } from "@/lib/http/handler";
import { taskListQuerySchema } from "@/lib/schemas/tasks";
import { pageResponse } from "@/lib/tasks/list-cache";
import { taskListPage } from "@/lib/tasks/list-page";

// The team's tasks, one page at a time, for this viewer (lib/tasks/list-page.ts); 304 when unchanged.
export const GET = withUser({ query: taskListQuerySchema }, async ({ request, query, user }) =>
  pageResponse(request, await taskListPage(query, user.id)),
);
