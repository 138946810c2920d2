// Words and numbers for a task, shared by the gallery's cards and a task's page.
import { getModel } from "@/lib/models/catalogue";
import { EXPIRY_WARNING_MS } from "@/lib/retention";
import type { TaskView } from "@/lib/schemas/views";

export { creditsLine, TASK_STATUS } from "@/components/shared/task-words";

export { DEADLINE_MS } from "@/lib/schemas/views";

export const modelLabel = (id: string) => getModel(id)?.label ?? id;

export const isLive = (task: Pick<TaskView, "status">) =>
  task.status === "pending" || task.status === "processing" || task.status === "archiving";

/** A succeeded image whose upstream copy expires within 48 hours while Darkroom's archive does not hold it. */
export const expiresSoon = (task: Pick<TaskView, "archive" | "expiresAt">, now: number) =>
  task.archive.state !== "done" && task.expiresAt !== null && now > 0 && Date.parse(task.expiresAt) - now < EXPIRY_WARNING_MS;

export type StatusTone = "default" | "primary" | "success" | "danger" | "outline";

export function statusBadge(task: TaskView): { text: string; tone: StatusTone; busy: boolean } {
  if (task.lost) return { text: "Lost", tone: "danger", busy: false };
  if (task.status === "failed" && task.error?.code === "media_deleted") return { text: "Media deleted", tone: "outline", busy: false };
  if (task.status === "failed") return { text: "Failed", tone: "danger", busy: false };
  if (task.status === "succeeded") return { text: "Succeeded", tone: "success", busy: false };
  if (task.overdue) return { text: "Overdue", tone: "danger", busy: true };
  return { text: { pending: "Pending", processing: "Generating", archiving: "Saving result" }[task.status], tone: "primary", busy: true };
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "3 minutes ago", "yesterday": how long since `iso`. */
export function age(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
}

/** "4:07" for a duration in milliseconds. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

export interface Explanation {
  title: string;
  body: string;
  tone: "warning" | "danger" | "info";
  /** What the person can do: retry charges again, so it asks first. */
  action?: "retry" | "remix" | "edit-prompt";
}

/** Why a task did not give a result, in plain words, and what to do about it. */
export function explainTask(task: TaskView): Explanation | undefined {
  if (task.lost) {
    return {
      title: "The generation service no longer knows this task",
      body: "It answered “not found” three times in a row, so Darkroom stopped asking. Nothing more will change here; the credits shown are the last ones it reported. Remix it to try again.",
      tone: "danger",
      action: "remix",
    };
  }
  if (task.overdue && isLive(task)) {
    return {
      title: "Overdue",
      body: "This task has run for more than 30 minutes, the generation service's deadline. It should fail and refund its credits soon; Darkroom keeps checking every 30 seconds.",
      tone: "warning",
    };
  }
  if (task.unreadable) {
    return {
      title: "The service's last answer could not be read",
      body: `Darkroom keeps the task as it last knew it and asks again (${task.unreadable}).`,
      tone: "warning",
    };
  }
  if (task.status !== "failed") return undefined;
  const message = task.error?.message ? ` The service said: “${task.error.message}”` : "";
  const { reserved, refunded } = task.credits;
  // What was charged comes from the figures the service reported, never assumed.
  const refundLine =
    refunded !== null
      ? ` ${refunded} of its ${reserved ?? "reserved"} credits were refunded.`
      : task.refundUnconfirmed
        ? ` The refund of ${reserved ?? "its reserved"} credits was not confirmed within 7 days; ask the service's support.`
        : reserved
          ? ` The refund of its ${reserved} credits has not been reported yet; Darkroom keeps checking.`
          : "";
  if (task.refundUnconfirmed) {
    return { title: "Failed — refund not confirmed", body: `${refundLine.trim()}${message}`, tone: "danger", action: "retry" };
  }
  switch (task.error?.code) {
    case "refund_pending":
      return {
        title: "Generation failed — refund in progress",
        body: `The credits reserved for it are being returned. There is nothing to do; this page updates when the refund settles.${message}`,
        tone: "warning",
      };
    case "generation_failed":
      return {
        title: "Generation failed",
        body: `The generation service could not make this ${task.kind}.${refundLine} You can retry with the same parameters; a retry is a new task and charges again.${message}`,
        tone: "danger",
        action: "retry",
      };
    case "media_deleted":
      return {
        title: "The generation service deleted its copy",
        body:
          (task.results?.length
            ? "Its retention period is over, so the service removed the file. Darkroom's archived copy is still here and can be viewed and downloaded."
            : "Its retention period is over, so the service removed the file, and Darkroom holds no archived copy.") +
          " Remix it to make a new one.",
        tone: "info",
        action: "remix",
      };
    case "prompt_blocked":
      return {
        title: "The prompt was blocked",
        body: `The safety check refused this prompt.${
          !reserved ? " Nothing was charged." : refundLine
        } Edit the prompt (remove what could read as harmful) and submit again.`,
        tone: "danger",
        action: "edit-prompt",
      };
    default:
      return {
        title: "Failed",
        body: `${task.error?.message ?? "The generation service reported a failure without a reason."}${task.error?.code ? ` (code ${task.error.code})` : ""}`,
        tone: "danger",
        action: "retry",
      };
  }
}

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
