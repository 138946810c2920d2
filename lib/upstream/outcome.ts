import "server-only";

// Every upstream answer becomes one of these, never a thrown error: the task engine decides what to
// do from `kind` and `retryable`, and `message` is safe to show a person or write to the logs.

export type FailureKind =
  | "key_rejected"
  | "insufficient_credits"
  | "forbidden"
  | "not_found"
  | "idempotency_conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "invalid_request"
  | "prompt_blocked"
  | "rate_limited"
  | "concurrency_limited"
  | "server_error"
  | "network_error"
  | "timeout"
  | "malformed_response"
  | "unexpected_status";

export interface UpstreamSuccess<T> {
  ok: true;
  status: 200 | 202;
  value: T;
  /** The upstream answered an earlier creation again (same Idempotency-Key and body): nothing new was charged. */
  replayed: boolean;
  /** The answer's body as it came (bounded, secrets cut out): kept beside what was read from it. */
  raw?: string;
}

export interface UpstreamFailure {
  ok: false;
  kind: FailureKind;
  status?: number;
  /** Plain words for a person; never the key, the upstream URL or raw transport errors. */
  message: string;
  field?: string;
  /** The error code the service sent, as sent (scrubbed): shown beside the plain words, never matched on here. */
  code?: string;
  retryAfterMs?: number;
  /** When the answer arrived (the client's clock, ms): a Retry-After counts from here, not from whenever it is read. */
  arrivedAt?: number;
  retryable: boolean;
  /** A 2xx that could not be read: the task id, when the answer had one (the task exists and is kept). */
  taskId?: string;
  /** The unreadable answer as it came (bounded, secrets cut out). */
  raw?: string;
}

export type UpstreamOutcome<T> = UpstreamSuccess<T> | UpstreamFailure;

/** What could be read from an error body, whatever its shape. */
export interface UpstreamError {
  code?: string;
  message?: string;
  field?: string;
}

const DELTA_SECONDS = /^\d+$/;
// RFC 9110 HTTP-date: IMF-fixdate, the obsolete RFC 850 form, and asctime. Checked before Date.parse,
// which would otherwise accept almost anything ("-5", "30 apples") as some date.
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{5,8}, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/** Milliseconds to wait from a Retry-After header (delta-seconds or HTTP-date); undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (DELTA_SECONDS.test(value)) return Number(value) * 1000;
  if (!HTTP_DATE.some((format) => format.test(value))) return undefined;
  // asctime carries no zone; it is GMT by definition.
  const at = Date.parse(value.endsWith("GMT") ? value : `${value} GMT`);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const withReason = (lead: string, error: UpstreamError) => {
  const reason = error.message ? ` ${error.message}` : "";
  const field = error.field ? ` (field: ${error.field})` : "";
  return `${lead}${reason}${field}`;
};

const seconds = (ms: number) => {
  const n = Math.round(ms / 100) / 10;
  return n === 1 ? "1 second" : `${n} seconds`;
};
const waitWords = (ms: number | undefined) => (ms === undefined ? "shortly" : `in ${seconds(Math.max(1000, Math.ceil(ms / 1000) * 1000))}`);

function classify(status: number, error: UpstreamError): { kind: FailureKind; message: string } {
  // Error codes are compared in lower case: legacy endpoints answer them in capitals.
  const code = error.code?.toLowerCase();
  if (code === "prompt_blocked" && status >= 400 && status < 500) {
    return { kind: "prompt_blocked", message: withReason("The prompt was blocked by the generation service's safety check.", error) };
  }
  switch (status) {
    case 400:
    case 422:
      return { kind: "invalid_request", message: withReason("The generation service rejected the request.", error) };
    case 401:
      return { kind: "key_rejected", message: "The generation service rejected the API key. Check the key in the server settings." };
    case 402:
      return { kind: "insufficient_credits", message: "Not enough credits for this request." };
    case 403:
      return code === "account_disabled"
        ? { kind: "forbidden", message: "The API account is disabled." }
        : { kind: "forbidden", message: "The generation service does not allow this request, or the API account is disabled." };
    case 404:
      return { kind: "not_found", message: "The generation service has no such task for this API key." };
    case 409:
      return { kind: "idempotency_conflict", message: "This is a bug: the same request key was sent again with a different request body." };
    case 413:
      return { kind: "payload_too_large", message: "The request is too large for the generation service (over 64 KiB)." };
    case 415:
      return {
        kind: "unsupported_media_type",
        message: "This is a bug: the generation service did not accept the request's content type.",
      };
  }
  if (status >= 500) return { kind: "server_error", message: `The generation service had an error (HTTP ${status}). Try again shortly.` };
  return { kind: "unexpected_status", message: `The generation service answered with an unexpected status (HTTP ${status}).` };
}

/** The outcome of a non-success HTTP answer. `error` must already be scrubbed. */
export function failureFromStatus(status: number, error: UpstreamError, retryAfterMs: number | undefined): UpstreamFailure {
  const extra = {
    ...(error.field ? { field: error.field } : {}),
    ...(error.code ? { code: error.code } : {}),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
  if (status === 429) {
    const concurrency = error.code?.toLowerCase() === "concurrency_limited";
    const message = concurrency
      ? `Too many tasks are running at once on this account; try again ${waitWords(retryAfterMs)}.`
      : `Too many requests to the generation service right now; try again ${waitWords(retryAfterMs)}.`;
    return { ok: false, kind: concurrency ? "concurrency_limited" : "rate_limited", status, message, ...extra, retryable: true };
  }
  const { kind, message } = classify(status, error);
  return { ok: false, kind, status, message, ...extra, retryable: kind === "server_error" };
}

export const networkFailure = (): UpstreamFailure => ({
  ok: false,
  kind: "network_error",
  message: "The generation service could not be reached (network error).",
  retryable: true,
});

export const timeoutFailure = (timeoutMs: number): UpstreamFailure => ({
  ok: false,
  kind: "timeout",
  message: `The generation service did not answer within ${seconds(timeoutMs)}.`,
  retryable: true,
});

/** A 2xx whose body is not what the spec describes: retrying (the same key) is safe and may get a good copy. */
export const malformedFailure = (status: number, detail: { problem?: string; taskId?: string; raw?: string } = {}): UpstreamFailure => ({
  ok: false,
  kind: "malformed_response",
  status,
  message: `The generation service sent an answer that could not be read${detail.problem ? ` (${detail.problem})` : ""}.`,
  retryable: true,
  ...(detail.taskId ? { taskId: detail.taskId } : {}),
  ...(detail.raw ? { raw: detail.raw } : {}),
});
