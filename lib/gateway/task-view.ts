import "server-only";
import type { Submission } from "@/lib/db/submissions";
import type { TaskResultRow, TaskRow } from "@/lib/db/tasks";
import { publicOrigin } from "@/lib/http/public-origin";
import { publicIdOfSubmission } from "@/lib/tasks/task-ids";
import { signedMediaUrl } from "./signed-media";

// What a script reads about a task it made through Darkroom: the spec's Task resource. Its id is
// Darkroom's (`task_` and the submission's id), stable from the moment Darkroom accepts it, while it waits
// in Darkroom's queue (`pending`) and after the upstream took it; the gallery, the task's page and the exports
// name it by the same id (lib/tasks/task-ids.ts). A success is reported once Darkroom holds its copy, with
// signed links to that copy; until then the task is still `processing` for the script.

export interface GatewayTask {
  id: string;
  status: "pending" | "processing" | "succeeded" | "failed";
  model: string;
  created_at: string;
  updated_at: string;
  credits_reserved: number;
  credits_used?: number;
  credits_refunded?: number;
  data?: { url: string; width?: number; height?: number }[];
  error?: { code: string; message: string; field?: string };
}

export { submissionIdOf } from "@/lib/tasks/task-ids";

/** The address a script reaches Darkroom at: PUBLIC_BASE_URL when the admin set it, else the one this request came to. */
export const gatewayOrigin = (request: Request) => publicOrigin(request.headers, new URL(request.url).host);

const NOT_SENT: Record<string, GatewayTask["error"]> = {
  cancelled: { code: "cancelled", message: "Cancelled in Darkroom before it was sent to the API; nothing was charged." },
};

// The spec gives `width` and `height` on family D's items only; every other model's items are `{url}` alone.
const SIZED_ITEMS = new Set(["delta-image-2"]);

export function gatewayTask(submission: Submission, task: TaskRow | undefined, results: TaskResultRow[], origin: string): GatewayTask {
  const base = {
    id: publicIdOfSubmission(submission),
    model: submission.model,
    created_at: submission.created_at,
    updated_at: task?.updated_at ?? submission.updated_at,
  };
  if (!task) {
    if (submission.state === "rejected")
      return {
        ...base,
        status: "failed",
        credits_reserved: 0,
        error: {
          code: submission.error_upstream_code ?? submission.error_code ?? "rejected",
          message: submission.error_message ?? "The API refused this request.",
          ...(submission.error_field ? { field: submission.error_field } : {}),
        },
      };
    if (submission.state === "cancelled") return { ...base, status: "failed", credits_reserved: 0, error: NOT_SENT.cancelled };
    // Waiting in Darkroom's queue for a free slot: what its budget holds for it (the last charge for such a request).
    return { ...base, status: "pending", credits_reserved: submission.estimated_credits ?? 0 };
  }
  const reserved = { credits_reserved: task.credits_reserved ?? 0 };
  if (task.status === "failed")
    return {
      ...base,
      ...reserved,
      status: "failed",
      error: { code: task.error_code ?? "generation_failed", message: task.error_message ?? "Generation failed." },
      ...(task.credits_refunded !== null ? { credits_refunded: task.credits_refunded } : {}),
    };
  if (task.status === "succeeded" && task.archive_state === "failed")
    return {
      ...base,
      ...reserved,
      status: "failed",
      credits_used: task.credits_used ?? task.credits_reserved ?? 0,
      error: {
        code: "archive_failed",
        message: "The result was made but Darkroom could not copy it from the API; see the task in Darkroom.",
      },
    };
  if (task.status !== "succeeded" || task.archive_state !== "done" || results.some((r) => !r.file))
    return { ...base, ...reserved, status: task.status === "pending" ? "pending" : "processing" };
  return {
    ...base,
    ...reserved,
    status: "succeeded",
    credits_used: task.credits_used ?? task.credits_reserved ?? 0,
    data: results.map((r) => ({
      url: signedMediaUrl(origin, task.id, r.idx),
      ...(SIZED_ITEMS.has(task.model) && r.width !== null && r.height !== null ? { width: r.width, height: r.height } : {}),
    })),
  };
}
