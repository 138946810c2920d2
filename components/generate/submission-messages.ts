// Plain words for what happened to a submission or task. The server's message is kept where it says
// something specific (which field, why blocked); the lead sentence says what to do about it.
import type { SubmissionView, TaskView } from "@/lib/schemas/views";
import type { FormSpec } from "@/lib/models/form-specs";
import { fieldsOf } from "./forms-context";

/** "First frame", "References 2 › Name": the form's words for the upstream's dotted field name; the name itself if unknown. */
export function fieldLabel(forms: readonly FormSpec[], model: string, mode: string | undefined, path: string): string {
  const [name, index, child] = path.split(".");
  const field = fieldsOf(forms, model, mode)?.find((candidate) => candidate.name === name);
  if (!field) return path;
  const item = index !== undefined ? ` ${Number(index) + 1}` : "";
  const childLabel = child ? field.items?.find((candidate) => candidate.name === child)?.meta.label : undefined;
  return `${field.meta.label}${item}${childLabel ? ` › ${childLabel}` : ""}`;
}

export interface Explained {
  title: string;
  detail?: string;
}

/** Why the generation service refused a submission, and what to change. */
export function explainRejection(submission: SubmissionView, forms: readonly FormSpec[], mode?: string): Explained {
  const error = submission.error;
  const detail = error?.message ?? undefined;
  switch (error?.code) {
    case "insufficient_credits":
      return {
        title: "Not enough credits.",
        detail:
          "The API account cannot pay for this request. Add credits, or choose a shorter or lower-resolution option, then submit again.",
      };
    case "forbidden":
    case "key_rejected":
      return {
        title: "The generation service refused the request.",
        detail: `${detail ?? ""} Ask an admin to check the API account in Settings.`.trim(),
      };
    case "prompt_blocked":
      return {
        title: "The prompt was blocked by the safety check.",
        detail:
          "Nothing was charged. Rephrase or remove what could read as harmful (violence, explicit content, real people), then submit again.",
      };
    case "invalid_request":
      return {
        title: error.field
          ? `The generation service rejected ${fieldLabel(forms, submission.model, mode, error.field)}.`
          : "The generation service rejected the request.",
        detail,
      };
    default:
      return { title: "The request could not be sent.", detail };
  }
}

export function taskFailure(task: TaskView): string {
  if (task.error?.code === "prompt_blocked") {
    // What was charged comes from the figures, never assumed: some readings of the API charge and refund.
    const { reserved, used, refunded } = task.credits;
    const kept = (used ?? reserved ?? 0) - (refunded ?? 0);
    const charged =
      reserved === null && used === null
        ? "The generation service did not say what it charged."
        : kept > 0
          ? `${kept} credits charged${refunded === null ? " (no refund reported yet)" : ""}.`
          : "Nothing was charged.";
    return `The prompt was blocked by the safety check. ${charged}`;
  }
  if (task.refundUnconfirmed) {
    return `Generation failed. The refund of ${task.credits.reserved ?? "the reserved"} credits was not confirmed within 7 days; ask the service's support.`;
  }
  if (task.error?.code === "refund_pending") return "Generation failed. The reserved credits are being refunded.";
  if (task.error?.code === "media_deleted") return "The generation service deleted this result after its retention period.";
  return task.error?.message ? `Generation failed: ${task.error.message}` : "Generation failed.";
}
