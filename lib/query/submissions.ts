// What the Generate page follows: each submission until it leaves the queue (its task is followed with
// taskQueryOptions in ./tasks). What it sends is in ./submission-actions, loaded with the form's check and the
// submissions' cards rather than with the page.
import { queryOptions } from "./cache";
import type { SubmissionView } from "@/lib/schemas/views";
import { fetchJson } from "./fetch-json";
import { submissionKeys } from "./keys";
import { SAFETY_REFETCH_MS } from "./tasks";

export function submissionQueryOptions(id: string, initial?: SubmissionView) {
  return queryOptions({
    queryKey: submissionKeys.detail(id),
    queryFn: ({ signal }) =>
      fetchJson<{ submission: SubmissionView }>(`/api/submissions/${encodeURIComponent(id)}`, { signal }).then((body) => body.submission),
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === undefined || state === "queued" || state === "sending" ? SAFETY_REFETCH_MS : false;
    },
  });
}
