// The gallery's filtered pages and the Generate page's recent results: the lists a task's page does not need.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { fetchJson } from "./fetch-json";
import { taskKeys } from "./keys";
import { taskFiltersSearch, type TaskFilters } from "./task-filters";
import type { TaskPage } from "./tasks";

const TASK_PAGE_SIZE = 60;

/** The query string of one gallery page; the server's first render reads the same (lib/query/server). */
export function taskListSearch(filters: TaskFilters, cursor: string | null): URLSearchParams {
  const search = new URLSearchParams(taskFiltersSearch(filters));
  search.set("limit", String(TASK_PAGE_SIZE));
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

/** One member's latest tasks, for the Generate page's results column (the gallery pages through everyone's). */
export const RECENT_TASKS_LIMIT = 24;

export const recentTasksSearch = (memberId: string, limit = RECENT_TASKS_LIMIT) =>
  new URLSearchParams({ member: memberId, limit: String(limit) });

export function recentOwnTasksOptions(memberId: string, limit = RECENT_TASKS_LIMIT) {
  return queryOptions({
    queryKey: taskKeys.list({ member: memberId, limit, recent: true }),
    queryFn: ({ signal }) => fetchJson<TaskPage>(`/api/tasks?${recentTasksSearch(memberId, limit).toString()}`, { signal }),
    staleTime: 15_000,
  });
}
