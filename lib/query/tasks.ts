// What the Tasks gallery, a task's page and the Generate page read and send about tasks. The filtered lists are in
// task-list.ts, so a task's page does not carry the filters' code.
import { queryOptions } from "./cache";
import type { InfiniteData } from "./infinite";
import { useMutation, useQueryClient } from "./react";
import type { HideScope } from "@/lib/schemas/tasks";
import type { TaskView } from "@/lib/schemas/views";
import { ApiError, errorMessage, fetchJson } from "./fetch-json";
import { taskKeys } from "./keys";

export interface TaskPage {
  tasks: TaskView[];
  nextCursor: string | null;
}

/** The first tasks made from one task (its lineage), for its page; the gallery shows them all with ?parent=. */
export function childTasksOptions(taskId: string, limit: number) {
  return queryOptions({
    queryKey: taskKeys.list({ parent: taskId, limit }),
    queryFn: ({ signal }) =>
      fetchJson<TaskPage>(`/api/tasks?${new URLSearchParams({ parent: taskId, limit: String(limit) }).toString()}`, { signal }),
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
    staleTime: 0,
    refetchInterval: (query) => {
      const task = query.state.data;
      return task && isSettledTask(task.status) && task.error?.code !== "refund_pending" ? false : SAFETY_REFETCH_MS;
    },
  });
}

export function fetchTask(id: string, signal?: AbortSignal): Promise<TaskView> {
  return fetchJson<{ task: TaskView }>(`/api/tasks/${encodeURIComponent(id)}`, { signal }).then((body) => body.task);
}

function setFavourite({ id, favourite }: { id: string; favourite: boolean }): Promise<unknown> {
  return fetchJson(`/api/tasks/${encodeURIComponent(id)}`, { method: "PATCH", json: { favourite } });
}

/** Asks the engine to save a succeeded task's results into the archive again. */
function archiveAgain(id: string): Promise<{ task: TaskView }> {
  return fetchJson(`/api/tasks/${encodeURIComponent(id)}/archive`, { method: "POST" });
}

/** Hides a task for this member (the default) or for the whole team (its owner or an admin). */
export async function hideTask(id: string, scope: HideScope = "me"): Promise<void> {
  const response = await fetch(`/api/tasks/${encodeURIComponent(id)}?scope=${scope}`, { method: "DELETE" });
  if (!response.ok && response.status !== 404) {
    const body: unknown = await response.json().catch(() => undefined);
    const error = (body as { error?: { code: string; message: string } } | undefined)?.error;
    throw new ApiError(response.status, error ?? { code: "server", message: "Could not hide the task. Try again." });
  }
}

/** Undoes a hide, for this member or for the team. */
function showTask({ id, scope }: { id: string; scope: HideScope }): Promise<void> {
  return fetchJson(`/api/tasks/${encodeURIComponent(id)}/restore?scope=${scope}`, { method: "POST" });
}

/** Hides each task in turn; answers how many failed. */
export async function hideTasks(ids: readonly string[]): Promise<{ failed: number }> {
  const outcomes = await Promise.allSettled(ids.map((id) => hideTask(id)));
  return { failed: outcomes.filter((o) => o.status === "rejected").length };
}

export type ZipOutcome = { ok: true } | { ok: false; message: string };

/**
 * Asks for a ZIP of the selected tasks, then lets the browser fetch it as an ordinary download: it streams
 * to disk with the browser's own progress, however large, instead of being held in this page's memory.
 */
export async function downloadZip(ids: readonly string[]): Promise<ZipOutcome> {
  return startZip("/api/downloads", { taskIds: ids });
}

/** A board's ZIP, in board order, the same way. */
export async function downloadBoardZip(boardId: string): Promise<ZipOutcome> {
  return startZip(`/api/boards/${encodeURIComponent(boardId)}/download`, undefined);
}

async function startZip(route: string, json: unknown): Promise<ZipOutcome> {
  try {
    const { url } = await fetchJson<{ url: string }>(route, { method: "POST", json });
    const link = document.createElement("a");
    link.href = url;
    link.download = "";
    link.click();
    return { ok: true };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}

/** Marks or unmarks a favourite; the task's page updates at once and the lists refetch. */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onSuccess: (_, { id, favourite }) => {
      queryClient.setQueryData<TaskView>(taskKeys.detail(id), (old) => (old ? { ...old, favourite } : old));
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
    },
  });
}

/** Hiding and showing again refresh the lists and the task's own page (which says whether it is hidden). */
export function useHideTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scope }: { id: string; scope: HideScope }) => hideTask(id, scope),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useShowTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: showTask,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useArchiveAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveAgain,
    onSuccess: ({ task: updated }) =>
      queryClient.setQueryData<TaskView>(taskKeys.detail(updated.id), (old) => (old ? { ...old, archive: updated.archive } : old)),
  });
}
