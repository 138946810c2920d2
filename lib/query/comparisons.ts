// What the Compare pages read and send: a comparison (refetched when one of its columns changes, see
// components/compare/comparison-view.tsx), a new one, a column re-run, the favourite.
import { queryOptions } from "./cache";
import { useMutation, useQueryClient } from "./react";
import type { ComparisonView } from "@/lib/schemas/comparison-views";
import type { SubmissionView } from "@/lib/schemas/views";
import { fetchJson } from "./fetch-json";
import { comparisonKeys, taskKeys } from "./keys";
import { SAFETY_REFETCH_MS } from "./tasks";

const settled = (comparison: ComparisonView) =>
  comparison.columns.every(
    ({ submission, task }) =>
      ["rejected", "cancelled"].includes(submission.state) || (task !== null && (task.status === "succeeded" || task.status === "failed")),
  );

export function comparisonQueryOptions(id: string) {
  return queryOptions({
    queryKey: comparisonKeys.detail(id),
    queryFn: ({ signal }) =>
      fetchJson<{ comparison: ComparisonView }>(`/api/comparisons/${encodeURIComponent(id)}`, { signal }).then((body) => body.comparison),
    staleTime: 0,
    // The event stream says when to refetch; the slow interval only covers an event missed while reconnecting.
    refetchInterval: (query) => (query.state.data && settled(query.state.data) ? false : SAFETY_REFETCH_MS),
  });
}

export interface NewComparisonInput {
  comparisonId: string;
  prompt: string;
  columns: { model: string; settings?: Record<string, unknown> }[];
}

export function useCreateComparison() {
  return useMutation({
    mutationFn: (input: NewComparisonInput) =>
      fetchJson<{ comparison: ComparisonView; repeated: boolean }>("/api/comparisons", { method: "POST", json: input }),
  });
}

export function useRerunColumn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { submissionId: string; column: number }) =>
      fetchJson<{ submission: SubmissionView }>(`/api/comparisons/${encodeURIComponent(id)}/runs`, { method: "POST", json: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: comparisonKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.queue });
    },
  });
}

export function usePickFavourite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favourite: string | null) =>
      fetchJson<{ comparison: ComparisonView }>(`/api/comparisons/${encodeURIComponent(id)}`, { method: "PATCH", json: { favourite } }),
    onSuccess: ({ comparison }) => queryClient.setQueryData(comparisonKeys.detail(id), comparison),
  });
}
