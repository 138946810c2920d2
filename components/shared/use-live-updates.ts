import { useQueryClient } from "@/lib/query/react";
import { useServerEvents } from "@/lib/query/events";
import { submissionKeys, taskKeys } from "@/lib/query/keys";
import { applySubmissionChange, applyTaskChange } from "@/lib/query/live-patch";

/**
 * Keeps what this tab shows live from the browser's one event stream: each event carries the change, which is
 * patched into the cache (lists, the task's page, the queue, followed submissions) without a request. Only
 * when the stream could not resume exactly is everything shown refetched.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useServerEvents({
    task: ({ view }) => applyTaskChange(queryClient, view),
    submission: (event) => applySubmissionChange(queryClient, event),
    reset: () => {
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void queryClient.invalidateQueries({ queryKey: taskKeys.queue });
      void queryClient.invalidateQueries({ queryKey: submissionKeys.details });
    },
  });
}
