// How answers look under the profile: the Task resource's optional parts and the body of HTTP errors.
// Snapshots are stored in one canonical form; these run as they are sent, so a PUT of the profile
// changes the very next answer.
import type { Reply } from "./http";
import type { Profile } from "./profile";

type Task = Record<string, unknown>;

/** Fields of the Task resource that are present only sometimes; nullFields sends them as null instead. */
const OPTIONAL_FIELDS = ["created_at", "updated_at", "credits_used", "data", "error", "credits_refunded"] as const;

const REFUND_FORM: Record<Profile["creditsRefunded"], (amount: number) => unknown> = {
  number: (amount) => amount,
  string: (amount) => String(amount),
  boolean: () => true,
  object: (amount) => ({ amount }),
};

const ERROR_TYPE: Record<string, string> = {
  prompt_blocked: "content_policy_violation",
  media_deleted: "retention",
  refund_pending: "generation_error",
  generation_failed: "generation_error",
};

/** The task as sent: `moment` is "creation" for a creation or replay answer, "retrieval" for a GET. */
export function shapeTask(view: Task, profile: Profile, moment: "creation" | "retrieval"): Task {
  const task: Task = { ...view };
  if (typeof task.credits_refunded === "number") task.credits_refunded = REFUND_FORM[profile.creditsRefunded](task.credits_refunded);
  const error = task.error as { code: string; message: string } | undefined;
  if (error && profile.errorObject === "extended") {
    task.error = {
      ...error,
      type: ERROR_TYPE[error.code] ?? "api_error",
      param: error.code === "prompt_blocked" ? "prompt" : null,
      request_id: `req_${String(task.id).replace(/^task_/, "")}`,
      details: { task_id: task.id, retryable: error.code === "generation_failed" },
    };
  }
  if (profile.timestamps === "creation-only" && moment === "retrieval") {
    delete task.created_at;
    delete task.updated_at;
  }
  if (profile.nullFields) for (const field of OPTIONAL_FIELDS) if (task[field] === undefined) task[field] = null;
  return task;
}

/**
 * The body of an error answer in the profile's form: v1's {"error": {code, message, field?}} takes every form;
 * legacy's {errorCode, errorMessage} is already flat, so it changes only for "text" and "empty".
 */
export function shapeError(reply: Reply, profile: Profile): Reply {
  const body = reply.body as { error?: { message?: unknown }; errorMessage?: unknown } | undefined;
  const v1 = body?.error && typeof body.error === "object" ? body.error : undefined;
  const message = v1 ? v1.message : body?.errorMessage;
  if (reply.status < 400 || typeof message !== "string" || profile.errorBody === "nested") return reply;
  if (profile.errorBody === "flat") return v1 ? { ...reply, body: { ...v1 } } : reply;
  if (profile.errorBody === "text") {
    return { status: reply.status, headers: reply.headers, raw: { contentType: "text/plain; charset=utf-8", data: message } };
  }
  return { status: reply.status, headers: reply.headers, raw: { contentType: "", data: "" } };
}

/** The Retry-After header of the emulator's own 429s: whole seconds, an HTTP date on its clock, or none. */
export function retryAfterHeader(profile: Profile, seconds: number, now: number): string | undefined {
  if (profile.retryAfter === "absent") return undefined;
  if (profile.retryAfter === "http-date") return new Date(Math.ceil((now + seconds * 1000) / 1000) * 1000).toUTCString();
  return String(seconds);
}

/** One kind of 429, or (rateLimitBody "plain") one body for both, with nothing telling them apart. */
export function tooManyRequests(profile: Profile, kind: "rate" | "concurrency", message: string): { code: string; message: string } {
  if (profile.rateLimitBody === "plain") return { code: "too_many_requests", message: "Too many requests; try again later." };
  return { code: kind === "rate" ? "rate_limited" : "concurrency_limited", message };
}
