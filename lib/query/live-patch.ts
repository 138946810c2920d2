// What a live event does to this tab's cache: the event carries the task's new view, so every loaded page of
// every list and the task's own page are patched in place, without a request. A request is made only where
// the tab cannot tell by itself: a new task in a list filtered by something the view does not show (a
// search, dates), or a task whose results just arrived (its page shows them; the event does not carry them).
import type { QueryClient, QueryKey } from "./cache";
import type { SubmissionView, TaskView } from "@/lib/schemas/views";
import { submissionKeys, taskKeys } from "./keys";
import type { TaskFilters } from "./task-filters";
import { withMember, type TaskListData, type TaskPage } from "./tasks";

type ListData = TaskListData | TaskPage;
type QueueData = { submissions: SubmissionView[] } & Record<string, unknown>;

const hidden = (view: TaskView) => Boolean(view.hiddenForMe || view.hiddenForTeam);

/** Whether a list with these filters shows the task; undefined when the view cannot say (search, dates, lineage, comparison). */
export function listShows(filters: Record<string, unknown>, view: TaskView): boolean | undefined {
  const f = filters as TaskFilters & { limit?: unknown };
  if (hidden(view)) return false;
  if (
    f.q !== undefined ||
    f.from !== undefined ||
    f.to !== undefined ||
    f.parent !== undefined ||
    f.comparison !== undefined ||
    f.batch !== undefined
  )
    return undefined;
  if (f.status?.length && !f.status.includes(view.status)) return view.status === "archiving" ? undefined : false;
  // As lib/db/task-list.ts reads the error filter: the stored code, or media_deleted for a deleted upstream copy.
  if (f.error?.length && !(view.error && f.error.includes(view.error.code)) && !(view.mediaDeletedAt && f.error.includes("media_deleted")))
    return false;
  if (f.model?.length && !f.model.includes(view.model)) return false;
  if (f.kind !== undefined && f.kind !== view.kind) return false;
  if (f.member !== undefined && f.member !== view.member.id) return false;
  if (f.favourite && !view.favourite) return false;
  return true;
}

const pagesOf = (data: ListData): TaskPage[] => ("pages" in data ? data.pages : [data]);
const withPages = (data: ListData, pages: TaskPage[]): ListData => ("pages" in data ? { ...data, pages } : pages[0]!);

/**
 * One list's data after a task's change: replaced where loaded, removed where it no longer belongs, a new
 * task put first on the first page only; "refetch" when the tab cannot tell; undefined when untouched.
 */
export function patchList(data: ListData, filters: Record<string, unknown>, view: TaskView): ListData | "refetch" | undefined {
  const pages = pagesOf(data);
  const shows = listShows(filters, view);
  const loaded = pages.some((page) => page.tasks.some((task) => task.id === view.id));
  if (loaded) {
    if (shows === undefined) return "refetch";
    const next = pages.map((page) =>
      shows
        ? { ...page, tasks: page.tasks.map((t) => (t.id === view.id ? withMember({ ...t, ...view, results: undefined }, t) : t)) }
        : { ...page, tasks: page.tasks.filter((t) => t.id !== view.id) },
    );
    return withPages(data, next);
  }
  const first = pages[0];
  const top = first?.tasks[0];
  // Older than what the first page starts with: it lives on a page not loaded (or past the end).
  const isNew = !top || view.createdAt > top.createdAt || (view.createdAt === top.createdAt && view.id > top.id);
  if (!isNew || shows === false || !first) return undefined;
  if (shows === undefined) return "refetch";
  return withPages(data, [{ ...first, tasks: [{ ...view, results: undefined }, ...first.tasks] }, ...pages.slice(1)]);
}

/** Applies a task's new view to every list and to its own page in this tab's cache. */
export function applyTaskChange(queryClient: QueryClient, view: TaskView): void {
  for (const [key, data] of queryClient.getQueriesData<ListData>({ queryKey: taskKeys.lists })) {
    if (!data || !("pages" in data || "tasks" in data)) continue;
    const filters = ((key as QueryKey)[2] ?? {}) as Record<string, unknown>;
    const next = patchList(data, filters, view);
    if (next === "refetch") void queryClient.invalidateQueries({ queryKey: key, exact: true });
    else if (next) queryClient.setQueryData(key, next);
  }
  const detail = queryClient.getQueryData<TaskView>(taskKeys.detail(view.id));
  if (!detail) return;
  // Its results (shown on its page) just arrived or went: those the event does not carry, so fetch them.
  if (detail.status !== view.status || detail.archive.state !== view.archive.state) {
    void queryClient.invalidateQueries({ queryKey: taskKeys.detail(view.id), exact: true });
  } else {
    queryClient.setQueryData<TaskView>(taskKeys.detail(view.id), withMember({ ...detail, ...view, results: detail.results }, detail));
  }
}

const WAITING = new Set(["queued", "sending"]);

/** A submission moved: its own page and the queue are patched; the others waiting move up one place. */
export function applySubmissionChange(queryClient: QueryClient, event: { id: string; state: string; taskId: string | null }): void {
  const followed = queryClient.getQueryData<SubmissionView>(submissionKeys.detail(event.id));
  if (followed) {
    const state = event.state as SubmissionView["state"];
    queryClient.setQueryData<SubmissionView>(submissionKeys.detail(event.id), {
      ...followed,
      state,
      taskId: event.taskId ?? followed.taskId,
    });
  }
  // The event says the new state, not why: a refusal's code, field and message come with the submission itself.
  // (Patched alone, a refused card said "The request could not be sent." with no code, whenever the event came
  // before the card's own read of the submission.)
  if (followed && followed.state !== event.state && (event.state === "rejected" || event.state === "attention"))
    void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(event.id), exact: true });
  const queue = queryClient.getQueryData<QueueData>(taskKeys.queue);
  const inQueue = queue?.submissions.some((s) => s.id === event.id);
  if (queue && inQueue) {
    const submissions = WAITING.has(event.state)
      ? queue.submissions.map((s) => (s.id === event.id ? { ...s, state: event.state as SubmissionView["state"] } : s))
      : queue.submissions.filter((s) => s.id !== event.id).map((s, i) => (s.position === null ? s : { ...s, position: i + 1 }));
    queryClient.setQueryData<QueueData>(taskKeys.queue, { ...queue, submissions });
  } else if (queue && WAITING.has(event.state)) {
    void queryClient.invalidateQueries({ queryKey: taskKeys.queue, exact: true }); // one this tab has not seen yet
  }
  // Positions of the submissions this tab follows may have moved up.
  if (!WAITING.has(event.state)) {
    void queryClient.invalidateQueries({
      queryKey: submissionKeys.details,
      predicate: (query) => query.queryKey[2] !== event.id && WAITING.has((query.state.data as SubmissionView | undefined)?.state ?? ""),
    });
  }
}
