// The legacy video endpoints: x-api-key, their own field names and shapes, the same accounts and tasks as v1.
import type { IncomingMessage } from "node:http";
import { createTask, type CreationDialect } from "./creation";
import type { Emulator } from "./emulator";
import { json, type Reply } from "./http";
import { validateLegacyCreation } from "./requests";
import type { Profile } from "./profile";
import type { Account } from "./store";

// Two naming schemes (profile legacyShape): "a" {taskId, status: PENDING|RUNNING|SUCCEEDED|FAILED, creditCost, …},
// "b" {taskId, state: QUEUED|RUNNING|SUCCEEDED|FAILED, cost, …}.
const LEGACY_STATUS: Record<string, string> = { pending: "PENDING", processing: "RUNNING", succeeded: "SUCCEEDED", failed: "FAILED" };
const LEGACY_STATE: Record<string, string> = { pending: "QUEUED", processing: "RUNNING", succeeded: "SUCCEEDED", failed: "FAILED" };

export function legacyError(status: number, code: string, message: string, extra?: { field?: string; retryAfter?: string }): Reply {
  const body: Record<string, string> = { errorCode: code.toUpperCase(), errorMessage: message };
  if (extra?.field) body.field = extra.field;
  return json(status, body, extra?.retryAfter !== undefined ? { "Retry-After": extra.retryAfter } : undefined);
}

/** The legacy shape of a task, derived from its v1 snapshot so both endpoints show the same moment. */
function legacyView(v1: Record<string, unknown>, shape: Profile["legacyShape"]): Record<string, unknown> {
  const data = v1.data as { url: string }[] | undefined;
  const error = v1.error as { code: string; message: string } | undefined;
  if (shape === "b") {
    return {
      taskId: v1.id,
      model: v1.model,
      state: LEGACY_STATE[String(v1.status)],
      cost: v1.credits_reserved,
      ...(data?.[0] ? { videoUrl: data[0].url } : {}),
      ...(error ? { error: { code: error.code, message: error.message } } : {}),
      ...(v1.credits_refunded !== undefined ? { refunded: v1.credits_refunded } : {}),
      createdAt: v1.created_at,
      updatedAt: v1.updated_at,
    };
  }
  return {
    taskId: v1.id,
    modelKey: v1.model,
    status: LEGACY_STATUS[String(v1.status)],
    creditCost: v1.credits_reserved,
    ...(data?.[0] ? { videoUrl: data[0].url } : {}),
    ...(error ? { errorCode: error.code, errorMessage: error.message } : {}),
    ...(v1.credits_refunded !== undefined ? { refundedCredits: v1.credits_refunded } : {}),
    createdAt: v1.created_at,
    updatedAt: v1.updated_at,
  };
}

export function createLegacy(emu: Emulator, req: IncomingMessage, account: Account): Promise<Reply> {
  const dialect: CreationDialect = {
    error: legacyError,
    validate: validateLegacyCreation,
    invalidStatus: 400,
    keyOptional: () => false,
    scope: "legacy",
    created: (task, replayed) => {
      // The status the task was created with, so a replay answers the same as the first time.
      const first = task.blocked ? "failed" : (task.phases?.[0]?.status ?? "pending");
      const body =
        emu.profile.legacyShape === "b"
          ? { taskId: task.id, state: LEGACY_STATE[first], cost: task.creditsReserved }
          : { taskId: task.id, status: LEGACY_STATUS[first], creditCost: task.creditsReserved };
      return json(200, body, replayed ? { "Idempotent-Replayed": "true" } : undefined);
    },
  };
  return createTask(emu, req, account, dialect);
}

export function getLegacyTask(emu: Emulator, account: Account, id: string): Reply {
  emu.advance();
  const task = emu.ownTask(id, account.apiKey);
  // The legacy endpoint knows family A videos only.
  if (!task || !task.model.startsWith("alpha-")) return legacyError(404, "not_found", "No task with this id for this API key.");
  return json(200, legacyView(emu.retrieve(task), emu.profile.legacyShape));
}
