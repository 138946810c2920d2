// One error type for the whole server. The code's first part decides the HTTP status; the message is
// what a person reads. Internals (SQL, stacks, upstream URLs, the key) never go into an AppError.

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  rate_limited: 429,
  internal: 500,
  upstream_unavailable: 502,
} as const;

export type ErrorKind = keyof typeof STATUS;
/** `kind:subject`, e.g. `not_found:member`, `conflict:last_admin`. */
export type ErrorCode = ErrorKind | `${ErrorKind}:${string}`;

export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = STATUS[code.split(":")[0] as ErrorKind];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }

  toResponse(): Response {
    return Response.json(this.toBody(), { status: this.status, headers: this.headers });
  }
}

export const INTERNAL_MESSAGE = "Something went wrong on the server. It has been logged; try again in a moment.";
