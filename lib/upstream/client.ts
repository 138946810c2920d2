import "server-only";
import { readLegacyTask, sentLegacyModel } from "./legacy";
import {
  failureFromStatus,
  malformedFailure,
  networkFailure,
  parseRetryAfter,
  timeoutFailure,
  type UpstreamError,
  type UpstreamOutcome,
} from "./outcome";
import { observeUpstreamDate } from "./clock";
import { parseErrorBody, parseJsonText, type Task } from "./schemas";
import { readTask, type TaskReading } from "./task-reader";
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
  /** What could be read of the parsed JSON; never throws. */
  read(json: unknown): TaskReading;
}

/** Raw answers are kept for people to look at, not to hold whole bodies of an upstream gone wrong. */
const RAW_MAX = 16_000;

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
    const raw = rawOf(text, secrets);
    if (status === 200 || status === 202) {
      const reading = read(parseJsonText(text));
      // An id carrying the key or our address is no task id of the API's: never stored, never shown.
      if (reading.ok && scrubId(reading.task.id, secrets) === undefined)
        return malformedFailure(status, { problem: "the answer's task id is not usable" });
      if (!reading.ok) {
        const taskId = reading.id === undefined ? undefined : scrubId(reading.id, secrets);
        return malformedFailure(status, { problem: reading.problem, ...(taskId ? { taskId } : {}), ...(raw ? { raw } : {}) });
      }
      const replayed = response.headers.get("idempotent-replayed")?.trim().toLowerCase() === "true";
      // A failed task's error is the upstream's own words too: scrubbed before anyone stores it.
      const task = reading.task.error ? { ...reading.task, error: scrubbed(reading.task.error, secrets, apiKey) } : reading.task;
      return { ok: true, status, value: task, replayed, ...(raw ? { raw } : {}) };
    }
    return failureFromStatus(status, scrubbed(errorOf(text), secrets, apiKey), parseRetryAfter(response.headers.get("retry-after"), now()));
  }

  const taskPath = (prefix: string, id: string) => `${prefix}${encodeURIComponent(id)}`;

  return {
    createVideo: (body, idempotencyKey) =>
      call({ dialect: "v1", method: "POST", path: "/v1/videos/generations", body, idempotencyKey, read: readTask }),
    createImage: (body, idempotencyKey) =>
      call({ dialect: "v1", method: "POST", path: "/v1/images/generations", body, idempotencyKey, read: readTask }),
    getTask: (id) => call({ dialect: "v1", method: "GET", path: taskPath("/v1/tasks/", id), read: readTask }),
    createLegacyVideo: (body, idempotencyKey) =>
      call({
        dialect: "legacy",
        method: "POST",
        path: "/api/video/generate",
        body,
        idempotencyKey,
        read: (json) => readLegacyTask(json, { creation: true, fallbackModel: sentLegacyModel(body) }),
      }),
    getLegacyTask: (id) =>
      call({
        dialect: "legacy",
        method: "GET",
        path: taskPath("/api/video/task/", id),
        read: (json) => readLegacyTask(json),
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

/** The error details of a body in any shape; a plain-text sentence (not an HTML page) is kept as the message. */
function errorOf(text: string): UpstreamError {
  const json = parseJsonText(text);
  if (json !== undefined) return parseErrorBody(json);
  const sentence = text.trim();
  return sentence !== "" && !sentence.startsWith("<") ? { message: sentence } : {};
}

function rawOf(text: string, secrets: readonly string[]): string | undefined {
  if (text === "") return undefined;
  let clean = text;
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) clean = clean.split(secret).join("[redacted]");
  return clean.length > RAW_MAX ? `${clean.slice(0, RAW_MAX - 1)}…` : clean;
}

const scrubId = (id: string, secrets: readonly string[]) => (secrets.some((secret) => secret && id.includes(secret)) ? undefined : id);

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
