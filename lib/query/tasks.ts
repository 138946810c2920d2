// What the Tasks gallery, a task's page and the Generate page read about tasks. The filtered lists are in
// task-list.ts, so a task's page does not carry the filters' code; what they send (hide, favourite, ZIPs) is in
// task-actions.ts, so the Generate page, which sends none of it, does not carry that code either.
import { queryOptions } from "./cache";
import type { InfiniteData } from "./infinite";
import type { TaskView } from "@/lib/schemas/views";
import { fetchJson } from "./fetch-json";
import { taskKeys } from "./keys";

export interface TaskPage {
  tasks: TaskView[];
  nextCursor: string | null;
}

/** How many of the tasks made from one task its page lists (its lineage); the gallery shows them all with ?parent=. */
const LINEAGE_SHOWN = 10;

/** What GET /api/tasks is asked for a task's lineage: the browser's query, and the server's read of its first paint. */
export const childTasksSearch = (taskId: string) => new URLSearchParams({ parent: taskId, limit: String(LINEAGE_SHOWN) });

/** The first tasks made from one task, for its page. */
export function childTasksOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.list({ parent: taskId, limit: LINEAGE_SHOWN }),
    queryFn: ({ signal }) => fetchJson<TaskPage>(`/api/tasks?${childTasksSearch(taskId).toString()}`, { signal }),
  });
}

export type TaskListData = InfiniteData<TaskPage>;

/** GET /api/tasks/{id} does not name the member (the list does): keep the name already known. */
export function withMember(task: TaskView, known: TaskView): TaskView {
  return task.member.name || !known.member.name || task.member.id !== known.member.id ? task : { ...task, member: known.member };
}

/** The list data with one task replaced, or undefined when no loaded page holds it. */
export function replaceTask(data: TaskListData | undefined, task: TaskView): TaskListData | undefined {
  if (!data) return undefined;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.tasks.some((t) => t.id === task.id)) return page;
    found = true;
    return { ...page, tasks: page.tasks.map((t) => (t.id === task.id ? withMember({ ...t, ...task, results: undefined }, t) : t)) };
  });
  return found ? { ...data, pages } : undefined;
}

// The live stream says when to refetch; the slow interval only covers an event missed while reconnecting.
export const SAFETY_REFETCH_MS = 10_000;

const isSettledTask = (status: TaskView["status"]) => status === "succeeded" || status === "failed";

export function taskQueryOptions(id: string) {
  return queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: ({ signal }) => fetchJson<{ task: TaskView }>(`/api/tasks/${encodeURIComponent(id)}`, { signal }).then((body) => body.task),
    // Fresh for as long as the safety refetch's interval: the stream says when it changes, and a page that has
    // just been read on the server asks for nothing as it hydrates (issue 28).
    staleTime: SAFETY_REFETCH_MS,
    refetchInterval: (query) => {
      const task = query.state.data;
      return task && isSettledTask(task.status) && task.error?.code !== "refund_pending" ? false : SAFETY_REFETCH_MS;
    },
  });
}

export function fetchTask(id: string, signal?: AbortSignal): Promise<TaskView> {
  return fetchJson<{ task: TaskView }>(`/api/tasks/${encodeURIComponent(id)}`, { signal }).then((body) => body.task);
}
