// What the Generate page reads and sends: one submission (with its runs), then the submissions and
// tasks it follows until they end. Types only from lib/tasks/views: the module itself is server-only.
import { queryOptions } from "@tanstack/react-query";
import type { GenerationInput } from "@/lib/models/catalogue";
import type { SubmissionView, TaskView } from "@/lib/tasks/views";
import { fetchJson } from "./fetch-json";

export type { ResultView, SubmissionView, TaskView } from "@/lib/tasks/views";

/**
 * The task detail as the form needs it to reuse a result. A result's own `url` (/api/media/{task}/{n}) goes
 * into the form as is: the server swaps in the upstream's URL for it, so the browser never sees that one.
 */
export type TaskDetail = TaskView;

// Keys of their own until lib/query/keys.ts gains task and submission entries (owned elsewhere).
export const generateKeys = {
  tasks: ["tasks", "detail"] as const,
  task: (id: string) => [...generateKeys.tasks, id] as const,
  submissions: ["submissions", "detail"] as const,
  submission: (id: string) => [...generateKeys.submissions, id] as const,
};

export interface GenerationBody {
  /** Made by the form once per submit: a double click or a retry sends the same id, so the server stores one. */
  submissionId: string;
  runs: number;
  request: GenerationInput;
}

export function submitGeneration(body: GenerationBody): Promise<{ submissions: SubmissionView[]; repeated: boolean }> {
  return fetchJson("/api/generations", { method: "POST", json: body });
}

const isSettledTask = (status: TaskView["status"]) => status === "succeeded" || status === "failed";

// The live stream says when to refetch; the slow interval only covers an event missed while reconnecting.
const SAFETY_REFETCH_MS = 10_000;

export function submissionQueryOptions(id: string, initial?: SubmissionView) {
  return queryOptions({
    queryKey: generateKeys.submission(id),
    queryFn: ({ signal }) => fetchJson<{ submission: SubmissionView }>(`/api/submissions/${encodeURIComponent(id)}`, { signal }).then((body) => body.submission),
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === undefined || state === "queued" || state === "sending" ? SAFETY_REFETCH_MS : false;
    },
  });
}

export function taskQueryOptions(id: string) {
  return queryOptions({
    queryKey: generateKeys.task(id),
    queryFn: ({ signal }) => fetchJson<{ task: TaskDetail }>(`/api/tasks/${encodeURIComponent(id)}`, { signal }).then((body) => body.task),
    staleTime: 0,
    refetchInterval: (query) => {
      const task = query.state.data;
      return task && isSettledTask(task.status) && task.error?.code !== "refund_pending" ? false : SAFETY_REFETCH_MS;
    },
  });
}
