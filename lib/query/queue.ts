// What the queue's controls read and send: the waiting submissions with their reasons, cancel, move to front,
// and the admins' pause. Every change refetches the queue (and the submissions the Generate page follows).
import { queryOptions } from "./cache";
import { useMutation, useQueryClient } from "./react";
import { fetchJson } from "./fetch-json";
import { submissionKeys, taskKeys } from "./keys";
import type { QueueAnswer } from "./queue-answer";

export type { QueueAnswer } from "./queue-answer";

export function queueOptions() {
  return queryOptions({
    queryKey: taskKeys.queue,
    queryFn: ({ signal }) => fetchJson<QueueAnswer>("/api/queue", { signal }),
    staleTime: 5_000,
    refetchInterval: (query) => (query.state.data?.submissions.length || query.state.data?.held ? 10_000 : false),
  });
}

function useQueueMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: taskKeys.queue });
      void client.invalidateQueries({ queryKey: submissionKeys.details });
    },
  });
}

/** Cancels a submission not yet sent (nothing was charged for it). Own, or any for admins. */
export const useCancelSubmission = () =>
  useQueueMutation((id: string) => fetchJson(`/api/queue/${encodeURIComponent(id)}`, { method: "DELETE" }));

/** Moves a waiting submission to the front of the line. Own, or any for admins. */
export const useMoveToFront = () =>
  useQueueMutation((id: string) => fetchJson(`/api/queue/${encodeURIComponent(id)}/front`, { method: "POST" }));

/** Pauses or resumes the whole queue (admins). */
export const useSetQueuePaused = () =>
  useQueueMutation((paused: boolean) => fetchJson("/api/queue/state", { method: "PUT", json: { paused } }));
