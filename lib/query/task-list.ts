// The gallery's filtered pages: the lists a task's page does not need (Generate's recent results are in recent-tasks.ts).
import { infiniteQueryOptions } from "./infinite";
import { fetchJson } from "./fetch-json";
import { taskKeys } from "./keys";
import { taskFiltersSearch, type TaskFilters } from "./task-filters";
import type { TaskPage } from "./tasks";

// The first page comes with the page's HTML (lib/query/server/prefetch-tasks.ts): what a first screen shows, six
// rows of four, and no more, since the first 60 tasks' JSON put the phone's HTML over one round trip of a slow
// connection. The pages after it are read as the grid scrolls near its end.
const FIRST_PAGE_SIZE = 24;
const TASK_PAGE_SIZE = 60;

/** The query string of one gallery page; the server's first render reads the same (lib/query/server). */
export function taskListSearch(filters: TaskFilters, cursor: string | null): URLSearchParams {
  const search = new URLSearchParams(taskFiltersSearch(filters));
  search.set("limit", String(cursor ? TASK_PAGE_SIZE : FIRST_PAGE_SIZE));
  if (cursor) search.set("cursor", cursor);
  return search;
}

export function taskListOptions(filters: TaskFilters) {
  return infiniteQueryOptions({
    queryKey: taskKeys.list({ ...filters }),
    queryFn: ({ pageParam, signal }) => fetchJson<TaskPage>(`/api/tasks?${taskListSearch(filters, pageParam).toString()}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
  });
}
