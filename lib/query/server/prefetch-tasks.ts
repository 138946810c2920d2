import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { database } from "@/lib/db";
import { taskListQuerySchema } from "@/lib/schemas/tasks";
import { readTaskPage } from "@/lib/tasks/task-page";
import { parseTaskFilters } from "../task-filters";
import { recentOwnTasksOptions, recentTasksSearch, taskListOptions, taskListSearch } from "../task-list";
import type { TaskPage } from "../tasks";

type SearchParams = Record<string, string | string[] | undefined>;

// Reads the page GET /api/tasks would answer for the query string the browser would send, so the hydrated
// page and a later client refetch cannot disagree. A query the API would refuse is not prefetched: the
// client then asks, and shows the API's own message.
async function pageFor(search: URLSearchParams, viewerId: string): Promise<TaskPage | undefined> {
  const query = taskListQuerySchema.safeParse(Object.fromEntries(search));
  return query.success ? readTaskPage(database().db, query.data, viewerId) : undefined;
}

/**
 * The gallery's first page for these URL parameters, under the exact key the browser's infinite query
 * uses (taskListOptions), dehydrated for <HydrationBoundary>: the first cards arrive with the HTML and the
 * browser asks for nothing until its staleTime passes; live events patch the hydrated pages as any others.
 */
export async function prefetchGallery(searchParams: SearchParams, viewerId: string): Promise<DehydratedState> {
  const queryClient = new QueryClient();
  const filters = parseTaskFilters(searchParams);
  const page = await pageFor(taskListSearch(filters, null), viewerId);
  if (page) queryClient.setQueryData(taskListOptions(filters).queryKey, { pages: [page], pageParams: [null] });
  return dehydrate(queryClient);
}

/** The Generate page's "Your recent results": this member's latest tasks, as recentOwnTasksOptions asks. */
export async function prefetchRecentResults(memberId: string): Promise<DehydratedState> {
  const queryClient = new QueryClient();
  const page = await pageFor(recentTasksSearch(memberId), memberId);
  if (page) queryClient.setQueryData(recentOwnTasksOptions(memberId).queryKey, page);
  return dehydrate(queryClient);
}
