import "server-only";
import { parseJsonText } from "./schemas";
import { quotedStatus, readAmount, readRefund, readStatus, type Task, type TaskReading } from "./task-reader";

// The legacy video endpoints (/api/video/*) speak their own dialect, and the spec shows only `taskId` of
// their answers. Two naming schemes are known ({taskId, creditCost, status} with PENDING/RUNNING/…, and
// {taskId, cost, state: QUEUED…FAILED, videoUrl}); each field is looked for under every name either uses,
// and whatever no name maps is kept (in `unmapped`) so it can be shown rather than lost.

/** Body of POST /api/video/generate. */
export interface LegacyVideoRequest {
  modelKey: string;
  prompt: string;
  resolution?: string;
  outputDurationSec?: number;
  promptExtend?: boolean;
}

type Fields = Record<string, unknown>;

const NAMES = {
  id: ["taskId", "task_id", "id"],
  status: ["status", "state", "taskStatus"],
  model: ["modelKey", "model"],
  reserved: ["creditCost", "cost", "credits", "creditsReserved", "credits_reserved"],
  used: ["creditsUsed", "credits_used"],
  refunded: ["refundedCredits", "creditsRefunded", "credits_refunded", "refunded", "refund"],
  video: ["videoUrl", "video_url", "url", "resultUrl"],
  errorCode: ["errorCode", "error_code"],
  errorMessage: ["errorMessage", "error_message", "message"],
  error: ["error"],
  createdAt: ["createdAt", "created_at"],
  updatedAt: ["updatedAt", "updated_at"],
} as const;
const KNOWN = new Set<string>(Object.values(NAMES).flat());

const first = (json: Fields, names: readonly string[]): unknown => {
  for (const name of names) if (json[name] !== undefined && json[name] !== null) return json[name];
  return undefined;
};
const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value : undefined);
const timestamp = (value: unknown) => {
  // Kept as ISO 8601 UTC with milliseconds (the spec's form, whatever form came): stored timestamps then
  // compare as text, as the retention queries do (lib/db/expiring.ts).
  const at = text(value);
  const ms = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/** Fields of a legacy answer that Darkroom has no place for, kept as they came. */
export function legacyUnmapped(json: unknown): Fields | undefined {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const rest = Object.fromEntries(Object.entries(json).filter(([name]) => !KNOWN.has(name)));
  return Object.keys(rest).length > 0 ? rest : undefined;
}

function legacyError(json: Fields): Task["error"] {
  const nested = first(json, NAMES.error);
  const code = text(first(json, NAMES.errorCode)) ?? (typeof nested === "object" && nested ? text((nested as Fields).code) : undefined);
  const message =
    text(first(json, NAMES.errorMessage)) ??
    (typeof nested === "object" && nested ? text((nested as Fields).message) : typeof nested === "string" ? nested : undefined);
  if (!code && !message) return undefined;
  // v1 error codes are lower case; legacy ones may come in capitals.
  return { ...(code ? { code: code.toLowerCase() } : {}), ...(message ? { message } : {}) };
}

/**
 * Reads a legacy answer (creation or retrieval) as a v1 Task. A creation may omit the status: a new
 * legacy task is pending, as a new v1 one is. `fallbackModel` is the model we asked for.
 */
export function readLegacyTask(
  json: unknown,
  { creation = false, fallbackModel }: { creation?: boolean; fallbackModel?: string } = {},
): TaskReading {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { ok: false, problem: "the answer is not a JSON object" };
  const fields = json as Fields;
  const rawId = first(fields, NAMES.id);
  const id = text(rawId) ?? (typeof rawId === "number" ? String(rawId) : undefined);
  if (!id) return { ok: false, problem: "the answer has no task id" };
  const rawStatus = first(fields, NAMES.status);
  const status = readStatus(rawStatus) ?? (creation && rawStatus === undefined ? "pending" : undefined);
  if (!status) return { ok: false, id, problem: `the answer's status ${quotedStatus(rawStatus)} is not one Darkroom knows` };
  const reserved = readAmount(first(fields, NAMES.reserved));
  // The spec shows one legacy cost figure ("the calculated credit cost") and no final debit. The reading
  // chosen (docs/engine.md, "Legacy answers"): on success that cost is what was used, unless a debit is named.
  const used = readAmount(first(fields, NAMES.used)) ?? (status === "succeeded" ? reserved : undefined);
  const refunded = readRefund(first(fields, NAMES.refunded), reserved);
  const video = text(first(fields, NAMES.video));
  const error = legacyError(fields);
  const model = text(first(fields, NAMES.model)) ?? fallbackModel;
  const createdAt = timestamp(first(fields, NAMES.createdAt));
  const updatedAt = timestamp(first(fields, NAMES.updatedAt));
  return {
    ok: true,
    task: {
      id,
      status,
      ...(model ? { model } : {}),
      ...(createdAt ? { created_at: createdAt } : {}),
      ...(updatedAt ? { updated_at: updatedAt } : {}),
      ...(reserved !== undefined ? { credits_reserved: reserved } : {}),
      ...(used !== undefined ? { credits_used: used } : {}),
      ...(refunded !== undefined ? { credits_refunded: refunded } : {}),
      ...(video ? { data: [{ url: video }] } : {}),
      ...(error ? { error } : {}),
    },
  };
}

// The legacy endpoint creates family A videos only, and its body carries no image, so without any
// better source the model is the text-to-video one.
const LEGACY_DEFAULT_MODEL = "alpha-2.3";

/** The model we asked a legacy creation for. */
export function sentLegacyModel(sentBody: string): string {
  const sent = parseJsonText(sentBody) as { modelKey?: unknown } | undefined;
  return typeof sent?.modelKey === "string" && sent.modelKey !== "" ? sent.modelKey : LEGACY_DEFAULT_MODEL;
}

/**
 * The legacy body for an alpha-2.3 text-to-video request the form wrote in v1 terms. Only what the person
 * chose is sent: an absent resolution stays absent (the API's default), and legacy resolutions are in
 * capitals ("768P"), as the legacy dialect writes them.
 */
export function toLegacyRequest(request: {
  prompt: string;
  resolution?: string;
  duration?: number;
  prompt_optimizer?: boolean;
}): LegacyVideoRequest {
  return {
    modelKey: LEGACY_DEFAULT_MODEL,
    prompt: request.prompt,
    ...(request.resolution ? { resolution: request.resolution.toUpperCase() } : {}),
    ...(request.duration !== undefined ? { outputDurationSec: request.duration } : {}),
    ...(request.prompt_optimizer !== undefined ? { promptExtend: request.prompt_optimizer } : {}),
  };
}
