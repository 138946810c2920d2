import { useQueryClient } from "@tanstack/react-query";
import { useServerEvents } from "@/lib/query/events";
import { taskKeys } from "@/lib/query/keys";
import type { TaskFilters } from "@/lib/query/task-filters";
import { fetchTask, replaceTask, type TaskListData } from "@/lib/query/tasks";

/**
 * Keeps the gallery live from /api/events: a changed task already on screen is refetched alone and patched in
 * place; one not loaded yet (a new task) refreshes the list; a submission event refreshes the queue.
 */
export function useGalleryLive(filters: TaskFilters): void {
  const queryClient = useQueryClient();
  useServerEvents({
    task: ({ id }) => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.detail(id) });
      const lists = queryClient.getQueriesData<TaskListData>({ queryKey: taskKeys.lists });
      const holding = lists.filter(([, data]) => data?.pages.some((page) => page.tasks.some((task) => task.id === id)));
      if (!holding.length) {
        void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
        return;
      }
      fetchTask(id)
        .then((task) => {
          for (const [key] of holding) queryClient.setQueryData<TaskListData>(key, (data) => replaceTask(data, task) ?? data);
          // A status filter may no longer match: let the list decide.
          if (filters.status?.length) void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
        })
        .catch(() => void queryClient.invalidateQueries({ queryKey: taskKeys.lists }));
    },
    submission: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.queue });
    },
    open: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.queue });
      void queryClient.invalidateQueries({ queryKey: taskKeys.lists });
    },
  });
}
