// Why a task did not give a result, in plain words: the task's page and the Overview's recent failures say
// the same thing. Client-safe, no React.
import type { TaskView } from "@/lib/schemas/views";

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
  if (task.overdue && (task.status === "pending" || task.status === "processing" || task.status === "archiving")) {
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
        // The code itself is shown beside these words, in its chip (error-code-chip.tsx).
        body: task.error?.message ?? "The generation service reported a failure without a reason.",
        tone: "danger",
        action: "retry",
      };
  }
}
