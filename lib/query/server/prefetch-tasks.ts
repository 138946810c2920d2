import "server-only";
import { QueryClient, type DehydratedState } from "../cache";
import type { SessionUser } from "@/lib/auth/session";
import { balanceEstimate } from "@/lib/budgets/service";
import { database } from "@/lib/db";
import { uploadCapability } from "@/lib/media/uploads/link";
import { taskListQuerySchema } from "@/lib/schemas/tasks";
import { queueState } from "@/lib/tasks/queue";
import { readTaskPage } from "@/lib/tasks/task-page";
import { budgetKeys, taskKeys, uploadKeys } from "../keys";
import { recentOwnTasksOptions, recentTasksSearch } from "../recent-tasks";
import { parseTaskFilters } from "../task-filters";
import { taskListOptions, taskListSearch } from "../task-list";
import { childTasksOptions, childTasksSearch, type TaskPage } from "../tasks";
import { eventLogEnd } from "./event-log-end";

type SearchParams = Record<string, string | string[] | undefined>;

// Reads the page GET /api/tasks would answer for the query string the browser would send, so the hydrated
// page and a later client refetch cannot disagree. A query the API would refuse is not prefetched: the
// client then asks, and shows the API's own message.
async function pageFor(search: URLSearchParams, viewerId: string): Promise<TaskPage | undefined> {
  const query = taskListQuerySchema.safeParse(Object.fromEntries(search));
  return query.success ? readTaskPage(database().db, query.data, viewerId) : undefined;
}

/** A cache filled by `fill`, dehydrated. */
async function filled(fill: (queryClient: QueryClient) => Promise<void>): Promise<DehydratedState> {
  const queryClient = new QueryClient();
  await fill(queryClient);
  return queryClient.dehydrate();
}

/** The same, with the event log's end as it stood before the reads (see eventLogEnd). */
async function dehydrated(fill: (queryClient: QueryClient) => Promise<void>): Promise<DehydratedState> {
  const eventsAfter = await eventLogEnd();
  return { ...(await filled(fill)), eventsAfter };
}

/**
 * The gallery's first page for these URL parameters, under the exact key the browser's infinite query
 * uses (taskListOptions), dehydrated for <HydrationBoundary>: the first cards arrive with the HTML and the
 * browser asks for nothing until its staleTime passes; live events patch the hydrated pages as any others.
 * The queue above the cards comes with them too (as GET /api/queue answers it), so a paused queue or a
 * submission that needs a decision does not push the cards down once the page has loaded.
 */
export async function prefetchGallery(searchParams: SearchParams, viewer: SessionUser): Promise<DehydratedState> {
  return dehydrated(async (queryClient) => {
    const filters = parseTaskFilters(searchParams);
    const page = await pageFor(taskListSearch(filters, null), viewer.id);
    if (page) queryClient.setQueryData(taskListOptions(filters).queryKey, { pages: [page], pageParams: [null] });
    // Through JSON, as the API sends it: the browser's later reads must find the same values.
    queryClient.setQueryData(taskKeys.queue, JSON.parse(JSON.stringify(await queueState(viewer))));
  });
}

/**
 * The Generate page's reads: "Your recent results" (this member's latest tasks, as recentOwnTasksOptions asks),
 * the balance estimate the cost note weighs a request against (as GET /api/balance answers it), and whether
 * uploads can work here, which a model with image inputs asks as its form shows (as GET /api/uploads answers it).
 */
export async function prefetchWorkspace(memberId: string): Promise<DehydratedState> {
  return dehydrated(async (queryClient) => {
    const page = await pageFor(recentTasksSearch(memberId), memberId);
    if (page) queryClient.setQueryData(recentOwnTasksOptions(memberId).queryKey, page);
    queryClient.setQueryData(budgetKeys.balance, JSON.parse(JSON.stringify({ balance: await balanceEstimate() })));
    queryClient.setQueryData(uploadKeys.capability, uploadCapability());
  });
}

/**
 * A task's page: the first tasks made from it (its lineage), as childTasksOptions asks. Without the event log's
 * end: the page reads it once, before the task itself.
 */
export async function prefetchChildTasks(taskId: string, viewerId: string): Promise<DehydratedState> {
  return filled(async (queryClient) => {
    const page = await pageFor(childTasksSearch(taskId), viewerId);
    if (page) queryClient.setQueryData(childTasksOptions(taskId).queryKey, page);
  });
}
