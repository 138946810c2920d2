// What the Tasks gallery, a task's page and a board send about tasks: favourites, hiding and showing again, a new
// archive attempt, ZIPs. Apart from tasks.ts (what they read), which the Generate page carries too.
import { useMutation, useQueryClient } from "./react";
import type { HideScope } from "@/lib/schemas/tasks";
import type { TaskView } from "@/lib/schemas/views";
import { ApiError, errorMessage, fetchJson } from "./fetch-json";
import { taskKeys } from "./keys";

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
