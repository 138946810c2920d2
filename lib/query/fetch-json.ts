// One way for the browser to call Darkroom's JSON routes: every failure becomes an ApiError that
// carries the route's `{ error: { code, message, fields } }` body, so forms and queries read one shape.

export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
  }
}

// Used when a response carries no error body of ours (a proxy page, a crash): still plain words.
const FALLBACK: Record<number, ApiErrorBody> = {
  0: { code: "network", message: "Could not reach Darkroom. Check your connection and try again." },
  401: { code: "unauthorized", message: "Your session has ended. Sign in again to continue." },
  403: { code: "forbidden", message: "Your role does not allow this." },
  404: { code: "not_found", message: "That no longer exists. Reload the page to see the current state." },
  429: { code: "rate_limited", message: "Too many requests right now. Wait a minute and try again." },
};
const SERVER_FALLBACK: ApiErrorBody = { code: "server", message: "Darkroom could not finish that request. Try again in a moment." };

function isErrorBody(value: unknown): value is { error: ApiErrorBody } {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as ApiErrorBody).message === "string";
}

export interface FetchJsonInit extends Omit<RequestInit, "body"> {
  /** Sent as a JSON body with the matching content type. */
  json?: unknown;
}

export async function fetchJson<T>(url: string, { json, headers, ...init }: FetchJsonInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { Accept: "application/json", ...(json === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, FALLBACK[0]!);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  if (isErrorBody(body)) throw new ApiError(response.status, body.error);
  throw new ApiError(response.status, FALLBACK[response.status] ?? SERVER_FALLBACK);
}

/** A message a person can read for anything a query or mutation threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return SERVER_FALLBACK.message;
}
