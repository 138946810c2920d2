import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { generateKeys } from "@/lib/query/generate";

/**
 * Follows /api/events and refetches what changed: the task named by a task event, and every followed
 * submission on a submission event (one leaving the queue moves the others' positions). After a
 * reconnect everything is refetched, since events sent while disconnected are not replayed.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const source = new EventSource("/api/events");
    const refetchSubmissions = () => queryClient.invalidateQueries({ queryKey: generateKeys.submissions });
    const refetchTask = (event: MessageEvent<string>) => {
      try {
        const { id } = JSON.parse(event.data) as { id?: unknown };
        if (typeof id === "string") void queryClient.invalidateQueries({ queryKey: generateKeys.task(id) });
      } catch {
        // Not ours to interpret: the next event or the safety refetch catches up.
      }
    };
    const refetchAll = () => {
      void refetchSubmissions();
      void queryClient.invalidateQueries({ queryKey: generateKeys.tasks });
    };
    source.addEventListener("submission", refetchSubmissions);
    source.addEventListener("task", refetchTask);
    source.addEventListener("open", refetchAll);
    return () => source.close();
  }, [queryClient]);
}
