import "server-only";
import { cutDeeperThan, nestedDeeperThan } from "@/lib/json-depth";
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
import { countUpstream, type UpstreamRoute } from "@/lib/metrics/record";
import { observeUpstreamDate } from "./clock";
import { parseErrorBody, parseJsonText, type Task } from "./schemas";
import { readTask, type TaskReading } from "./task-reader";
import { holdsSecret, ID_FRAGMENT_MIN, scrub, scrubCode, withoutSecrets } from "./scrub";

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
  /** The route's name in metrics (bounded: never the task id in the path). */
  route: UpstreamRoute;
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
/** A Task nests three levels; what lies deeper than this is cut before the answer is written out again. */
const RAW_DEPTH = 32;

export function createUpstreamClient({
  baseUrl,
  apiKey,
  timeoutMs = 30_000,
  fetch = globalThis.fetch,
  now = Date.now,
}: UpstreamClientOptions): UpstreamClient {
  const base = baseUrl.replace(/\/+$/, "");
  const secrets = secretsOf(base, apiKey);

  async function call({ route, dialect, method, path, body, idempotencyKey, read }: Call): Promise<UpstreamOutcome<Task>> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...(dialect === "v1" ? { Authorization: `Bearer ${apiKey}` } : { "x-api-key": apiKey }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    };
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    let arrivedAt: number;
    try {
      // redirect "manual": fetch would carry x-api-key along to wherever a redirect points.
      // cache "no-store": Next.js would otherwise cache GETs, and a task's state changes.
      response = await fetch(`${base}${path}`, { method, headers, body, signal, redirect: "manual", cache: "no-store" });
      arrivedAt = now();
      observeUpstreamDate(response.headers.get("date"), arrivedAt);
      text = await response.text();
    } catch {
      // The thrown error's text can hold the URL; only its category is kept.
      countUpstream(route, signal.aborted ? "timeout" : "network");
      return signal.aborted ? timeoutFailure(timeoutMs) : networkFailure();
    }
    const { status } = response;
    const raw = rawOf(text, secrets, apiKey);
    if (status === 200 || status === 202) {
      countUpstream(route, status);
      const reading = read(parseJsonText(text));
      // An id carrying the key or our address is no task id of the API's: never stored, never shown.
      if (reading.ok && scrubId(reading.task.id, secrets, apiKey) === undefined)
        return malformedFailure(status, { problem: "the answer's task id is not usable" });
      if (!reading.ok) {
        const taskId = reading.id === undefined ? undefined : scrubId(reading.id, secrets, apiKey);
        // The problem quotes the answer's status, which is the upstream's text too.
        const problem = scrub(reading.problem, secrets, { key: apiKey });
        return malformedFailure(status, { problem, ...(taskId ? { taskId } : {}), ...(raw ? { raw } : {}) });
      }
      const replayed = response.headers.get("idempotent-replayed")?.trim().toLowerCase() === "true";
      return { ok: true, status, value: scrubbedTask(reading.task, secrets, apiKey), replayed, ...(raw ? { raw } : {}) };
    }
    const error = scrubbed(errorOf(text), secrets, apiKey);
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), arrivedAt);
    countUpstream(route, status, retryAfterMs);
    return { ...failureFromStatus(status, error, retryAfterMs), arrivedAt };
  }

  const taskPath = (prefix: string, id: string) => `${prefix}${encodeURIComponent(id)}`;

  return {
    createVideo: (body, idempotencyKey) =>
      call({ route: "create_video", dialect: "v1", method: "POST", path: "/v1/videos/generations", body, idempotencyKey, read: readTask }),
    createImage: (body, idempotencyKey) =>
      call({ route: "create_image", dialect: "v1", method: "POST", path: "/v1/images/generations", body, idempotencyKey, read: readTask }),
    getTask: (id) => call({ route: "get_task", dialect: "v1", method: "GET", path: taskPath("/v1/tasks/", id), read: readTask }),
    createLegacyVideo: (body, idempotencyKey) =>
      call({
        route: "create_legacy_video",
        dialect: "legacy",
        method: "POST",
        path: "/api/video/generate",
        body,
        idempotencyKey,
        read: (json) => readLegacyTask(json, { creation: true, fallbackModel: sentLegacyModel(body) }),
      }),
    getLegacyTask: (id) =>
      call({
        route: "get_legacy_task",
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

function rawOf(text: string, secrets: readonly string[], apiKey: string): string | undefined {
  if (text === "") return undefined;
  // JSON is written out again from what it says, so a key spelled with escapes ("\u0073k_…") is plain
  // text when the secrets are looked for (and when the task page later reads the raw answer's fields).
  // JSON.stringify recurses: an answer nested thousands deep would throw a RangeError here, so it is cut first.
  const json = parseJsonText(text);
  const plain = json === undefined ? text : JSON.stringify(nestedDeeperThan(json, RAW_DEPTH) ? cutDeeperThan(json, RAW_DEPTH) : json);
  const clean = withoutSecrets(plain.slice(0, RAW_MAX), secrets, apiKey);
  return clean.length > RAW_MAX ? `${clean.slice(0, RAW_MAX - 1)}…` : clean;
}

const scrubId = (id: string, secrets: readonly string[], apiKey: string) =>
  holdsSecret(id, secrets, apiKey, ID_FRAGMENT_MIN) ? undefined : id;

/** Every string field scrubbed; a code is kept only as a plain word (it is stored and matched, never prose). */
function scrubbed<E extends object>(error: E, secrets: readonly string[], apiKey: string): E {
  return Object.fromEntries(
    Object.entries(error).map(([name, value]) => {
      if (typeof value !== "string") return [name, value];
      return [name, name === "code" ? scrubCode(value, secrets, { key: apiKey }) : scrub(value, secrets, { key: apiKey })];
    }),
  ) as E;
}

/** A task's own words (its error, and its model, which an import stores as given) without secrets. */
function scrubbedTask(task: Task, secrets: readonly string[], apiKey: string): Task {
  const { model, error, ...rest } = task;
  return {
    ...rest,
    ...(model !== undefined && !holdsSecret(model, secrets, apiKey) ? { model } : {}),
    ...(error ? { error: scrubbed(error, secrets, apiKey) } : {}),
  };
}
