// Which error code a failed task or a refused submission shows beside its plain words, and whether the spec
// names it (issue 26: "error codes in sight"). The chip (error-code-chip.tsx) renders what this returns; the
// gallery's error filter offers the spec's task codes. Client-safe, no React.
import type { SubmissionView, TaskView } from "@/lib/schemas/views";

/** `error.code` values on a failed task, from the spec's Errors section. */
export const SPEC_TASK_CODES = ["generation_failed", "refund_pending", "media_deleted", "prompt_blocked"] as const;

/**
 * Darkroom's own names for how a creation ended without a task (lib/upstream/outcome.ts's FailureKind): each is
 * a status of the spec's Errors table read in words, or no answer at all (`timeout`, `network_error`).
 */
const DARKROOM_CODES = new Set([
  "key_rejected",
  "insufficient_credits",
  "forbidden",
  "not_found",
  "idempotency_conflict",
  "payload_too_large",
  "unsupported_media_type",
  "invalid_request",
  "prompt_blocked",
  "rate_limited",
  "concurrency_limited",
  "server_error",
  "network_error",
  "timeout",
  "malformed_response",
  "unexpected_status",
]);

export interface ShownCode {
  /** As stored: the service's code as sent (already scrubbed when stored), or Darkroom's name for the outcome. */
  code: string;
  /** The request field a 4xx named. */
  field?: string;
  /** The HTTP status, for a 5xx (the code alone would only say "server_error"). */
  status?: number;
  /** False for a code the service sent that the spec does not list: shown as sent, marked "not in the spec". */
  inSpec: boolean;
}

// Legacy endpoints answer codes in capitals (lib/upstream/outcome.ts compares them in lower case too).
const isSpecTaskCode = (code: string) => (SPEC_TASK_CODES as readonly string[]).includes(code.toLowerCase());

/**
 * The code a task shows: its failure's code, or `media_deleted` for a success whose upstream copy the service
 * removed after retention (Darkroom keeps it a success, and the archive's copy; see lib/tasks/engine/poll.ts).
 */
export function taskErrorCode(task: Pick<TaskView, "status" | "error" | "mediaDeletedAt">): ShownCode | undefined {
  if (task.status === "failed" && task.error?.code) return { code: task.error.code, inSpec: isSpecTaskCode(task.error.code) };
  if (task.mediaDeletedAt) return { code: "media_deleted", inSpec: true };
  return undefined;
}

/**
 * The code a refused submission, or one that needs a person's decision, shows: the code the service sent (a
 * 422's `invalid_request` and its field, `prompt_blocked`), else Darkroom's name for the outcome (`timeout`);
 * a 5xx shows its HTTP status beside it. Waiting ones (rate limits, budgets) show none: nothing went wrong.
 */
export function submissionErrorCode(submission: Pick<SubmissionView, "state" | "error">): ShownCode | undefined {
  const error = submission.error;
  if (!error || (submission.state !== "rejected" && submission.state !== "attention")) return undefined;
  const sent = error.upstreamCode ?? undefined;
  const code = sent ?? error.code;
  const known = isSpecTaskCode(code) || DARKROOM_CODES.has(code.toLowerCase());
  return {
    code,
    ...(error.field ? { field: error.field } : {}),
    ...(error.status && error.status >= 500 ? { status: error.status } : {}),
    // Darkroom's own names are never "unknown"; only what the service sent can be.
    inSpec: sent === undefined || known,
  };
}
