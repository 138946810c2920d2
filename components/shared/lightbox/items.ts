// What the lightbox walks through: every output of every finished task a page shows, in the page's order,
// and the `?view=<taskId>[:<index>]` link that opens it at one of them.
import type { TaskView } from "@/lib/schemas/views";

export interface LightboxItem {
  task: TaskView;
  index: number;
}

/** How many outputs a task has: its results when loaded, else what it asked for (delta-image-2's `n`). */
export function outputCount(task: TaskView): number {
  if (task.results?.length) return task.results.length;
  const n = task.params?.n;
  return typeof n === "number" && Number.isInteger(n) && n > 1 ? n : 1;
}

/** Only archived outputs can be shown: Darkroom serves its own copy, never the upstream's. */
export const viewable = (task: TaskView) => task.status === "succeeded" && task.archive.state === "done";

export function lightboxItems(tasks: readonly TaskView[]): LightboxItem[] {
  return tasks.filter(viewable).flatMap((task) => Array.from({ length: outputCount(task) }, (_, index) => ({ task, index })));
}

export interface ViewTarget {
  taskId: string;
  index: number;
}

export function parseView(value: string | null | undefined): ViewTarget | undefined {
  if (!value) return undefined;
  const match = /^(.+?)(?::(\d{1,2}))?$/.exec(value);
  if (!match?.[1]) return undefined;
  return { taskId: match[1], index: match[2] === undefined ? 0 : Number(match[2]) };
}

export const formatView = ({ taskId, index }: ViewTarget) => (index === 0 ? taskId : `${taskId}:${index}`);

export const sameItem = (item: LightboxItem, target: ViewTarget) => item.task.id === target.taskId && item.index === target.index;
