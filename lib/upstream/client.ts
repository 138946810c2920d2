import "server-only";
import { legacyCreatedSchema, legacyCreatedToTask, legacyTaskSchema, legacyTaskToTask } from "./legacy";
import { failureFromStatus, malformedFailure, networkFailure, parseRetryAfter, timeoutFailure, type UpstreamOutcome } from "./outcome";
import { observeUpstreamDate } from "./clock";
import { parseErrorBody, parseJsonText, taskSchema, type Task } from "./schemas";
import { scrub } from "./scrub";

export interface UpstreamClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Our clock, against which the upstream's Date headers are read (tests move both clocks together). */
  now?: () => number;
}

export interface UpstreamClient {
  /** `body` is sent byte for byte: a retry must repeat the exact bytes, or the upstream answers 409. */
  createVideo(body: string, idempotencyKey: string): Promise<UpstreamOutcome<Task>>;
  /** The key is optional only for delta-image-2, whose contract does not list it. */
  createImage(body: string, idempotencyKey?: string): Promise<UpstreamOutcome<Task>>;
  getTask(id: string): Promise<UpstreamOutcome<Task>>;
  createLegacyVideo(body: string, idempotencyKey: string): Promise<UpstreamOutcome<Task>>;
  getLegacyTask(id: string): Promise<UpstreamOutcome<Task>>;
}

type Dialect = "v1" | "legacy";

interface Call {
  dialect: Dialect;
  method: "GET" | "POST";
  path: string;
  body?: string;
  idempotencyKey?: string;
  /** The success value from the parsed JSON, or undefined when it is not what the spec describes. */
  read(json: unknown): Task | undefined;
}

const fromSchema = (json: unknown): Task | undefined => {
  const parsed = taskSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
};

export function createUpstreamClient({
  baseUrl,
  apiKey,
  timeoutMs = 30_000,
  fetch = globalThis.fetch,
  now = Date.now,
}: UpstreamClientOptions): UpstreamClient {
  const base = baseUrl.replace(/\/+$/, "");
  const secrets = secretsOf(base, apiKey);

  async function call({ dialect, method, path, body, idempotencyKey, read }: Call): Promise<UpstreamOutcome<Task>> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...(dialect === "v1" ? { Authorization: `Bearer ${apiKey}` } : { "x-api-key": apiKey }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    };
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      // redirect "manual": fetch would carry x-api-key along to wherever a redirect points.
      // cache "no-store": Next.js would otherwise cache GETs, and a task's state changes.
      response = await fetch(`${base}${path}`, { method, headers, body, signal, redirect: "manual", cache: "no-store" });
      observeUpstreamDate(response.headers.get("date"), now());
      text = await response.text();
    } catch {
      // The thrown error's text can hold the URL; only its category is kept.
      return signal.aborted ? timeoutFailure(timeoutMs) : networkFailure();
    }
    const { status } = response;
    if (status === 200 || status === 202) {
      const parsed = read(parseJsonText(text));
      if (parsed === undefined) return malformedFailure(status);
      // A failed task's error is the upstream's own words too: scrubbed before anyone stores it.
      const value = parsed.error ? { ...parsed, error: scrubbed(parsed.error, secrets, apiKey) } : parsed;
      return { ok: true, status, value, replayed: response.headers.get("idempotent-replayed")?.trim().toLowerCase() === "true" };
    }
    return failureFromStatus(
      status,
      scrubbed(parseErrorBody(parseJsonText(text)), secrets, apiKey),
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }

  const taskPath = (prefix: string, id: string) => `${prefix}${encodeURIComponent(id)}`;

  return {
    createVideo: (body, idempotencyKey) =>
      call({ dialect: "v1", method: "POST", path: "/v1/videos/generations", body, idempotencyKey, read: fromSchema }),
    createImage: (body, idempotencyKey) =>
      call({ dialect: "v1", method: "POST", path: "/v1/images/generations", body, idempotencyKey, read: fromSchema }),
    getTask: (id) => call({ dialect: "v1", method: "GET", path: taskPath("/v1/tasks/", id), read: fromSchema }),
    createLegacyVideo: (body, idempotencyKey) =>
      call({
        dialect: "legacy",
        method: "POST",
        path: "/api/video/generate",
        body,
        idempotencyKey,
        read: (json) => {
          const parsed = legacyCreatedSchema.safeParse(json);
          return parsed.success ? legacyCreatedToTask(parsed.data, body) : undefined;
        },
      }),
    getLegacyTask: (id) =>
      call({
        dialect: "legacy",
        method: "GET",
        path: taskPath("/api/video/task/", id),
        read: (json) => {
          const parsed = legacyTaskSchema.safeParse(json);
          return parsed.success ? legacyTaskToTask(parsed.data) : undefined;
        },
      }),
  };
}

/** Every form in which the key or the upstream's address could show up in an error text. */
function secretsOf(base: string, apiKey: string): string[] {
  let forms: string[] = [];
  try {
    const url = new URL(base);
    forms = [url.origin, url.host, url.hostname];
  } catch {
    // An unparseable base URL fails every call as a network error; the raw string is still scrubbed.
  }
  return [apiKey, base, ...forms];
}

/** Every string field scrubbed; a code is kept short (it is stored and matched, never prose). */
function scrubbed<E extends object>(error: E, secrets: readonly string[], apiKey: string): E {
  return Object.fromEntries(
    Object.entries(error).map(([name, value]) => {
      if (typeof value !== "string") return [name, value];
      const clean = scrub(value, secrets, { key: apiKey });
      return [name, name === "code" ? clean.slice(0, 64) : clean];
    }),
  ) as E;
}
