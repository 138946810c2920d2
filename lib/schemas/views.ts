import type { QueueReason } from "./queue-reasons";

// What the browser receives about tasks, submissions and their changes, in one client-safe module that
// the server (which builds these) and the client (which shows them) both import. Darkroom's own URLs
// only, never the upstream's, and no internal fields (leases, idempotency keys, storage keys).

/** The upstream's task statuses. */
export const TASK_STATUSES = ["pending", "processing", "succeeded", "failed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The upstream fails a task that has not ended 30 minutes after creation. */
export const DEADLINE_MS = 30 * 60_000;

/** The spec's polling floor for one task. */
export const POLL_INTERVAL_MS = 5_000;

/** The spec's concurrency limits per account. */
export const CONCURRENCY = { image: 5, video: 3 } as const;

/**
 * "attention": the outcome is unknown after bounded retries (or the key clashed); a person decides what to do.
 * "paused": a row of a paused batch, never sent; resuming puts it back in line (issue 48).
 */
export const SUBMISSION_STATES = ["queued", "sending", "accepted", "rejected", "cancelled", "attention", "paused"] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export interface ResultView {
  index: number;
  url: string;
  downloadUrl: string;
  thumbnailUrl: string;
  contentType: string | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
}

/** How long a task of this model (and settings) usually takes: the median of its recent successes. */
export interface TaskEstimate {
  expectedMs: number;
  /** "settings": runs with the same mode, duration, resolution or quality and count; "model": any run of the model. */
  basis: "settings" | "model";
  samples: number;
}

export interface TaskView {
  /** Darkroom's key of the task (the API's id): what its routes (/api/tasks, /api/media, boards) take. */
  id: string;
  /**
   * The id people and scripts know it by (lib/tasks/task-ids.ts): for a task a script made through the gateway,
   * the gateway's id, else `id`. Pages show and link this one. Absent from views logged before it existed.
   */
  publicId?: string;
  model: string;
  kind: "image" | "video";
  /** The upstream's status, except that a success shows as "archiving" while its results are being saved to the archive. */
  status: "pending" | "processing" | "archiving" | "succeeded" | "failed";
  archive: { state: string; error: string | null };
  prompt: string | null;
  params: Record<string, unknown> | null;
  member: { id: string | null; name: string | null };
  /** The name of the member's personal access token a script made it with (Darkroom's /v1/…), or null. */
  viaToken?: string | null;
  credits: { reserved: number | null; used: number | null; refunded: number | null };
  error: { code: string; message: string | null } | null;
  overdue: boolean;
  lost: boolean;
  mediaDeletedAt: string | null;
  favourite: boolean;
  createdAt: string;
  completedAt: string | null;
  /** For a succeeded image: when the upstream deletes its copy (see lib/retention.ts). */
  expiresAt: string | null;
  thumbnailUrl: string | null;
  /** Why the upstream's last answer could not be read (the task is kept and polled again), or null. */
  unreadable: string | null;
  /** A failed task whose refund was not reported within 7 days of follow-ups. */
  refundUnconfirmed: boolean;
  /** Fields of the upstream's answer Darkroom has no place for, kept as they came (URLs left out). */
  unmapped: Record<string, unknown> | null;
  results?: ResultView[];
  /** Hidden from everyone's gallery (by its owner or an admin); undoable. */
  hiddenForTeam?: boolean;
  /** Hidden from the gallery of the member reading it (the task's own page says so). */
  hiddenForMe?: boolean;
  /** For a live task: how long it is expected to take, or null when too few recent runs say. */
  estimate?: TaskEstimate | null;
}

export interface SubmissionView {
  id: string;
  model: string;
  kind: "image" | "video";
  state: SubmissionState;
  /** 1-based place in the queue while waiting. */
  position: number | null;
  taskId: string | null;
  /** The name of the personal access token a script sent it with, or null (the dashboard). */
  viaToken?: string | null;
  runsId: string | null;
  /**
   * `code` is Darkroom's reading of the answer (lib/upstream/outcome.ts); `upstreamCode` and `status` are what the
   * service sent (its code as sent, scrubbed, and the HTTP status), when it answered at all.
   */
  error: { code: string; message: string | null; field: string | null; status?: number | null; upstreamCode?: string | null } | null;
  prompt: string | null;
  userId: string;
  createdAt: string;
  /** While waiting (or needing attention): why, in words (lib/schemas/queue-reasons.ts). */
  reason?: QueueReason | null;
  /** When it is expected to be sent, where one can tell (slots freeing on recent durations, a rate pause ending). */
  sendAt?: string | null;
}

/** What the engine says changed (a hint: the event bus decides whether anything visible did). */
export type TaskEvent =
  { type: "task"; id: string; status: string; archive: string } | { type: "submission"; id: string; state: string; taskId?: string | null };

/**
 * What open pages are told, in order (`seq`, the stream's event id, from the database): a task's new view and
 * its version, so a page patches what it shows instead of refetching; or a submission's new state.
 */
export type LiveEvent =
  | { seq: number; type: "task"; id: string; version: number; view: TaskView }
  | { seq: number; type: "submission"; id: string; state: string; taskId: string | null };

/** A task's page, at the id people know it by (its page resolves the API's id too). */
export const taskPageHref = (task: Pick<TaskView, "id" | "publicId">) => `/tasks/${encodeURIComponent(task.publicId ?? task.id)}`;

/** Darkroom's URL of an archived result (the upstream's never reaches the browser). */
export const mediaUrl = (taskId: string, index: number, variant: "file" | "thumbnail" | "download" = "file") =>
  `/api/media/${encodeURIComponent(taskId)}/${index}${variant === "thumbnail" ? "/thumbnail" : variant === "download" ? "?download=1" : ""}`;
