import "server-only";
import { TASK_STATUSES, type TaskStatus } from "@/lib/schemas/views";

// A Task answer is read field by field: one odd field (a refund sent as a string, a null timestamp, an
// error object with extra members) costs that field only, never the whole answer. The spec leaves the form
// of several fields open ("not shown"), and a charged task must always be recorded, so nothing here throws.

export interface TaskResult {
  url: string;
  width?: number;
  height?: number;
}

/** What Darkroom understood of a Task; every field but id and status may be missing. */
export interface Task {
  id: string;
  status: TaskStatus;
  model?: string;
  created_at?: string;
  updated_at?: string;
  credits_reserved?: number;
  credits_used?: number;
  credits_refunded?: number;
  data?: TaskResult[];
  error?: { code?: string; message?: string };
}

export type TaskReading =
  | { ok: true; task: Task }
  /** No usable id or status: the answer is kept raw by the caller, and the task (if its id is known) kept and marked. */
  | { ok: false; id?: string; problem: string };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** A non-negative amount, as a JSON number or a numeric string ("44", "44.0"). */
export function readAmount(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * Every form of the settled refund the spec's "not shown" allows: a number, a numeric string, `true`
 * (the whole reservation came back), or an object carrying the amount. `null`/`false` mean "not yet".
 */
export function readRefund(value: unknown, reserved: number | undefined): number | undefined {
  if (value === true) return reserved;
  if (isObject(value)) return readAmount(value.amount ?? value.credits ?? value.value);
  return readAmount(value);
}

// Words other dialects use for the same four states; anything else is unreadable, not guessed.
const STATUS_WORDS: Record<string, TaskStatus> = {
  queued: "pending",
  waiting: "pending",
  running: "processing",
  in_progress: "processing",
  completed: "succeeded",
  complete: "succeeded",
  success: "succeeded",
  error: "failed",
};

export function readStatus(value: unknown): TaskStatus | undefined {
  const word = text(value)?.trim().toLowerCase();
  if (!word) return undefined;
  return (TASK_STATUSES as readonly string[]).includes(word) ? (word as TaskStatus) : STATUS_WORDS[word];
}

const timestamp = (value: unknown): string | undefined => {
  // Kept as ISO 8601 UTC with milliseconds (the spec's form, whatever form came): stored timestamps then
  // compare as text, as the retention queries do (lib/db/expiring.ts).
  const at = text(value);
  const ms = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

const dimension = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;

function readData(value: unknown): TaskResult[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items = value.flatMap((item): TaskResult[] => {
    const url = typeof item === "string" ? text(item) : isObject(item) ? text(item.url) : undefined;
    if (!url) return [];
    const width = isObject(item) ? dimension(item.width) : undefined;
    const height = isObject(item) ? dimension(item.height) : undefined;
    return [{ url, ...(width ? { width } : {}), ...(height ? { height } : {}) }];
  });
  return items.length > 0 ? items : undefined;
}

function readError(value: unknown): Task["error"] {
  if (typeof value === "string") return text(value) ? { message: value } : undefined;
  if (!isObject(value)) return undefined;
  // Extra members (type, param, request_id, details) stay in the raw answer; code and message are what we use.
  const code = text(value.code)?.toLowerCase();
  const message = text(value.message);
  return code || message ? { ...(code ? { code } : {}), ...(message ? { message } : {}) } : undefined;
}

/** A status Darkroom does not know, quoted for the problem's text; an object or list is named, never written out (it may nest thousands deep). */
export const quotedStatus = (value: unknown): string =>
  typeof value === "object" && value !== null ? (Array.isArray(value) ? "(a list)" : "(an object)") : JSON.stringify(value ?? null);

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;

/** Reads a v1 Task answer. Only a missing id or status makes it unreadable. */
export function readTask(json: unknown): TaskReading {
  if (!isObject(json)) return { ok: false, problem: "the answer is not a JSON object" };
  const id = text(json.id) ?? (typeof json.id === "number" ? String(json.id) : undefined);
  const status = readStatus(json.status);
  if (!id) return { ok: false, problem: "the answer has no task id" };
  if (!status) return { ok: false, id, problem: `the answer's status ${quotedStatus(json.status)} is not one Darkroom knows` };
  const reserved = readAmount(json.credits_reserved);
  return {
    ok: true,
    task: defined({
      id,
      status,
      model: text(json.model),
      created_at: timestamp(json.created_at),
      updated_at: timestamp(json.updated_at),
      credits_reserved: reserved,
      credits_used: readAmount(json.credits_used),
      credits_refunded: readRefund(json.credits_refunded, reserved),
      data: readData(json.data),
      error: readError(json.error),
    }),
  };
}
