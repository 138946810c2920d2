import type { BoardView } from "@/lib/schemas/board-views";
import type { BoardPatch, NewBoard } from "@/lib/schemas/boards";
import { fetchJson } from "./fetch-json";
import { boardKeys } from "./keys";
import { useMutation, useQueryClient } from "./react";

// Boards from the browser: the list the "Add to board" panel offers, and every change a board page makes.
// Each change refreshes the list (its counts and order), and the board page its own server data.

const path = (id: string) => `/api/boards/${encodeURIComponent(id)}`;

export const boardListOptions = () => ({
  queryKey: boardKeys.list,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchJson<{ boards: BoardView[] }>("/api/boards", { signal }),
  staleTime: 10_000,
});

function useBoardMutation<Data, Variables>(mutationFn: (variables: Variables) => Promise<Data>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: boardKeys.all }) });
}

export const useCreateBoard = () =>
  useBoardMutation((input: NewBoard) => fetchJson<{ board: BoardView }>("/api/boards", { method: "POST", json: input }));

export const useAddToBoard = () =>
  useBoardMutation(({ id, taskIds }: { id: string; taskIds: string[] }) =>
    fetchJson<{ added: number; board: BoardView }>(`${path(id)}/items`, { method: "POST", json: { taskIds } }),
  );

export const useChangeBoard = () =>
  useBoardMutation(({ id, patch }: { id: string; patch: BoardPatch }) =>
    fetchJson<{ board: BoardView }>(path(id), { method: "PATCH", json: patch }),
  );

export const useDeleteBoard = () => useBoardMutation((id: string) => fetchJson<undefined>(path(id), { method: "DELETE" }));

/** The new order of the items the member sees, first to last. */
export const useReorderBoard = () =>
  useBoardMutation(({ id, taskIds }: { id: string; taskIds: string[] }) =>
    fetchJson<{ taskIds: string[] }>(`${path(id)}/items`, { method: "PUT", json: { taskIds } }),
  );

export const useRemoveFromBoard = () =>
  useBoardMutation(({ id, taskId }: { id: string; taskId: string }) =>
    fetchJson<undefined>(`${path(id)}/items/${encodeURIComponent(taskId)}`, { method: "DELETE" }),
  );
