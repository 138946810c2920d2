import "server-only";
import { fromDbBool } from "@/lib/db/booleans";
import type { Submission } from "@/lib/db/submissions";
import type { ListedTask } from "@/lib/db/task-list";
import type { TaskResultRow, TaskRow } from "@/lib/db/tasks";
import { env } from "@/lib/env";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import { upstreamCopy } from "@/lib/retention";
import { unmappedFields } from "@/lib/upstream/unmapped";
import { mediaUrl, type ResultView, type SubmissionView, type TaskView } from "@/lib/schemas/views";
import { publicTaskId } from "./task-ids";

export type { ResultView, SubmissionView, TaskView } from "@/lib/schemas/views";

// Builds the views of lib/schemas/views.ts from database rows.

export function parseParams(params: string | null): Record<string, unknown> | null {
  try {
    return params ? (JSON.parse(params) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type ViewedRow = TaskRow & { member_name?: string | null; via_token?: string | null; gateway_submission_id?: string | null };

export function taskView(task: ViewedRow, results?: TaskResultRow[]): TaskView {
  const archived = task.archive_state === "done";
  return {
    id: task.id,
    publicId: publicTaskId(task),
    model: task.model,
    kind: task.kind,
    status: task.status === "succeeded" && (task.archive_state === "none" || task.archive_state === "pending") ? "archiving" : task.status,
    archive: { state: task.archive_state, error: task.archive_error },
    prompt: task.prompt,
    params: parseParams(task.params),
    member: { id: task.user_id, name: task.member_name ?? null },
    viaToken: task.via_token ?? null,
    credits: { reserved: task.credits_reserved, used: task.credits_used, refunded: task.credits_refunded },
    error: task.error_code ? { code: task.error_code, message: task.error_message } : null,
    overdue: fromDbBool(task.overdue),
    lost: fromDbBool(task.lost),
    mediaDeletedAt: task.media_deleted_at,
    favourite: fromDbBool(task.favourite),
    hiddenForTeam: fromDbBool(task.hidden),
    createdAt: task.created_at,
    completedAt: task.completed_at,
    // The moment on Darkroom's clock does not depend on `now` (lib/retention.ts); pages judge it against theirs.
    expiresAt: upstreamCopy(task, Date.now(), { plan: env.ACCOUNT_PLAN, skewMs: upstreamSkewMs() })?.expiresAt ?? null,
    thumbnailUrl: archived ? mediaUrl(task.id, 0, "thumbnail") : null,
    unreadable: task.unreadable ?? null,
    refundUnconfirmed: fromDbBool(task.refund_unconfirmed ?? 0),
    unmapped: unmappedFields(task.upstream_raw ?? null),
    ...(results ? { results: results.filter((r) => r.file).map((r) => resultView(task.id, r)) } : {}),
  };
}

function resultView(taskId: string, result: TaskResultRow): ResultView {
  return {
    index: result.idx,
    url: mediaUrl(taskId, result.idx),
    downloadUrl: mediaUrl(taskId, result.idx, "download"),
    thumbnailUrl: mediaUrl(taskId, result.idx, "thumbnail"),
    contentType: result.content_type,
    width: result.width,
    height: result.height,
    bytes: result.bytes,
  };
}

export function listedTaskView(task: ListedTask): TaskView {
  return taskView(task);
}

export function submissionView(submission: Submission, position: number | null = null): SubmissionView {
  return {
    id: submission.id,
    model: submission.model,
    kind: submission.kind,
    state: submission.state,
    position,
    taskId: submission.task_id,
    runsId: submission.runs_id,
    error: submission.error_code
      ? {
          code: submission.error_code,
          message: submission.error_message,
          field: submission.error_field,
          status: submission.error_status ?? null,
          upstreamCode: submission.error_upstream_code ?? null,
        }
      : null,
    prompt: (parseParams(submission.params)?.prompt as string | undefined) ?? null,
    userId: submission.user_id,
    createdAt: submission.created_at,
  };
}
