// The Generate page's results column: one member's latest tasks (the gallery pages through everyone's, with
// filters, in task-list.ts; neither page carries the other's code).
import { queryOptions } from "./cache";
import { fetchJson } from "./fetch-json";
import { taskKeys } from "./keys";
import type { TaskPage } from "./tasks";

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
