// Words for a task's status and credits, the same on every page that shows a task.
import { plural } from "@/lib/format";
import type { TaskView } from "@/lib/schemas/views";

export const TASK_STATUS: Record<TaskView["status"], string> = {
  pending: "Pending",
  processing: "Generating",
  archiving: "Saving result",
  succeeded: "Succeeded",
  failed: "Failed",
};

/** The credits line of a task: reserved while it runs, used once it succeeded, refunded after a failure. */
export function creditsLine(task: TaskView): string | undefined {
  const { reserved, used, refunded } = task.credits;
  if (task.status === "succeeded" && used !== null) return `${plural(used, "credit")} used`;
  if (refunded !== null) return `${plural(refunded, "credit")} refunded`;
  if (reserved === null) return undefined;
  return task.status === "failed" ? `${plural(reserved, "credit")} reserved, refund pending` : `${plural(reserved, "credit")} reserved`;
}
