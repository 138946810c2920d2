import { useQueryClient } from "@tanstack/react-query";
import { submissionKeys, taskKeys } from "@/lib/query/keys";
import { useServerEvents } from "@/lib/query/events";

/**
 * Refetches what changed: the task named by a task event, and every followed submission on a submission
 * event (one leaving the queue moves the others' positions). After a reconnect everything is refetched,
 * since events sent while disconnected are not replayed.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const refetchSubmissions = () => void queryClient.invalidateQueries({ queryKey: submissionKeys.details });
  useServerEvents({
    task: ({ id }) => void queryClient.invalidateQueries({ queryKey: taskKeys.detail(id) }),
    submission: refetchSubmissions,
    open: () => {
      refetchSubmissions();
      void queryClient.invalidateQueries({ queryKey: taskKeys.details });
    },
  });
}
