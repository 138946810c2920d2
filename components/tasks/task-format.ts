// Words and numbers for a task, shared by the gallery's cards and a task's page.
import { formatDate } from "@/lib/dates";
import { plural } from "@/lib/format";
import { upstreamCopy, type UpstreamCopy } from "@/lib/retention";
import type { TaskView } from "@/lib/schemas/views";

export { creditsLine, TASK_STATUS } from "@/components/shared/task-words";

export { DEADLINE_MS } from "@/lib/schemas/views";

export { modelLabel } from "@/lib/models/labels";

export const isLive = (task: Pick<TaskView, "status">) =>
  task.status === "pending" || task.status === "processing" || task.status === "archiving";

/**
 * A task's upstream copy at the browser's `now` (lib/retention.ts; the server reckoned `expiresAt`); null before
 * the page has a clock (0 while server-rendering) or when there is no copy to count down.
 */
export const upstreamCopyAt = (task: Pick<TaskView, "archive" | "expiresAt">, now: number): UpstreamCopy | null =>
  now > 0 ? upstreamCopy(task, now) : null;

/** A copy going (within 48 hours) or gone at the upstream while Darkroom's archive does not hold it. */
export const copyAtRisk = (copy: UpstreamCopy | null): copy is UpstreamCopy => copy !== null && !copy.archived && copy.state !== "kept";

export type StatusTone = "default" | "primary" | "success" | "danger" | "outline";

export function statusBadge(task: TaskView): { text: string; tone: StatusTone; busy: boolean } {
  if (task.lost) return { text: "Lost", tone: "danger", busy: false };
  if (task.status === "failed" && task.error?.code === "media_deleted") return { text: "Media deleted", tone: "outline", busy: false };
  if (task.status === "failed") return { text: "Failed", tone: "danger", busy: false };
  if (task.status === "succeeded") return { text: "Succeeded", tone: "success", busy: false };
  if (task.overdue) return { text: "Overdue", tone: "danger", busy: true };
  return { text: { pending: "Pending", processing: "Generating", archiving: "Saving result" }[task.status], tone: "primary", busy: true };
}

/**
 * "in 5 minutes", "3 hours ago", "yesterday": Intl.RelativeTimeFormat's English with numeric "auto", written by
 * hand because a page's first Intl call costs 10 to 15 ms of hydration (lib/format.ts). Never 0 here: age() asks
 * for a unit only when the count rounds to 1 or more.
 */
function relative(count: number, unit: "minute" | "hour" | "day"): string {
  if (unit === "day" && Math.abs(count) === 1) return count < 0 ? "yesterday" : "tomorrow";
  const words = plural(Math.abs(count), unit);
  return count < 0 ? `${words} ago` : `in ${words}`;
}

/** "3 minutes ago", "yesterday": how long since `iso`. */
export function age(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relative(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return relative(Math.round(seconds / 86_400), "day");
  return formatDate(iso);
}

/** "4:07" for a duration in milliseconds. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}

export { explainTask, type Explanation } from "@/components/shared/task-explanation";

/**
 * What a set of tasks cost, as far as is known: a success its credits used, a failure what was reserved less
 * what came back, a live task what is reserved for it.
 */
export function selectionCredits(tasks: Pick<TaskView, "status" | "credits">[]): number {
  let total = 0;
  for (const { status, credits } of tasks) {
    if (status === "succeeded" || status === "archiving") total += credits.used ?? credits.reserved ?? 0;
    else if (status === "failed") total += Math.max(0, (credits.reserved ?? 0) - (credits.refunded ?? 0));
    else total += credits.reserved ?? 0;
  }
  return total;
}
