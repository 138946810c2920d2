import "server-only";
import { z } from "zod";
import { parseJsonText, type Task, type TaskStatus } from "./schemas";

// The legacy video endpoints (/api/video/*) speak their own dialect. Everything past the client sees
// v1 Tasks only, so the mapping to that shape lives here, next to the legacy shapes.

/** Body of POST /api/video/generate. */
export interface LegacyVideoRequest {
  modelKey: string;
  prompt: string;
  resolution?: string;
  outputDurationSec?: number;
  promptExtend?: boolean;
}

const LEGACY_STATUS = { PENDING: "pending", RUNNING: "processing", SUCCEEDED: "succeeded", FAILED: "failed" } as const satisfies Record<
  string,
  TaskStatus
>;
const legacyStatus = z.enum(Object.keys(LEGACY_STATUS) as [keyof typeof LEGACY_STATUS, ...(keyof typeof LEGACY_STATUS)[]]);
const taskId = z.string().startsWith("task_");
const credits = z.number().nonnegative();
const timestamp = z.iso.datetime({ offset: true });

/** Answer of POST /api/video/generate (200 for new and replayed tasks alike). */
export const legacyCreatedSchema = z.looseObject({
  taskId,
  status: legacyStatus.optional(),
  creditCost: credits,
  modelKey: z.string().min(1).optional(),
});
export type LegacyCreated = z.infer<typeof legacyCreatedSchema>;

/** Answer of GET /api/video/task/{taskId}. */
export const legacyTaskSchema = z.looseObject({
  taskId,
  modelKey: z.string().min(1),
  status: legacyStatus,
  creditCost: credits,
  videoUrl: z.string().min(1).optional(),
  errorCode: z.string().min(1).optional(),
  errorMessage: z.string().optional(),
  refundedCredits: credits.optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
});
export type LegacyTask = z.infer<typeof legacyTaskSchema>;

// The legacy endpoint creates family A videos only, and its body carries no image, so without any
// better source the model is the text-to-video one.
const LEGACY_DEFAULT_MODEL = "alpha-2.3";

/** The model of a legacy creation: the answer's modelKey if it has one, else the one we sent. */
function createdModel(created: LegacyCreated, sentBody: string): string {
  if (created.modelKey) return created.modelKey;
  const sent = parseJsonText(sentBody) as { modelKey?: unknown } | undefined;
  return typeof sent?.modelKey === "string" && sent.modelKey !== "" ? sent.modelKey : LEGACY_DEFAULT_MODEL;
}

export function legacyCreatedToTask(created: LegacyCreated, sentBody: string): Task {
  return {
    id: created.taskId,
    status: LEGACY_STATUS[created.status ?? "PENDING"],
    model: createdModel(created, sentBody),
    credits_reserved: created.creditCost,
  };
}

export function legacyTaskToTask(legacy: LegacyTask): Task {
  return {
    id: legacy.taskId,
    status: LEGACY_STATUS[legacy.status],
    model: legacy.modelKey,
    ...(legacy.createdAt ? { created_at: legacy.createdAt } : {}),
    ...(legacy.updatedAt ? { updated_at: legacy.updatedAt } : {}),
    credits_reserved: legacy.creditCost,
    // No credits_used: the legacy dialect reports no final debit, and we do not invent one.
    ...(legacy.refundedCredits !== undefined ? { credits_refunded: legacy.refundedCredits } : {}),
    ...(legacy.videoUrl ? { data: [{ url: legacy.videoUrl }] } : {}),
    // v1 error codes are lower case; legacy ones may come in capitals.
    ...(legacy.errorCode
      ? { error: { code: legacy.errorCode.toLowerCase(), ...(legacy.errorMessage ? { message: legacy.errorMessage } : {}) } }
      : {}),
  };
}
