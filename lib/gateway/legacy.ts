import "server-only";
import { z } from "zod";
import type { Submission } from "@/lib/db/submissions";
import type { TaskResultRow, TaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { generationRequestSchema, type GenerationRequest } from "@/lib/models/catalogue";
import { gatewayTask } from "./task-view";

// The legacy video endpoints through Darkroom (POST /api/video/generate, GET /api/video/task/{taskId}), for
// scripts written against them: their body ({modelKey, prompt, resolution, outputDurationSec, promptExtend})
// is read into the v1 alpha-2.3 request and validated by the same schema as every other request, then sent
// by the engine through the upstream's legacy endpoint. Answers are the upstream's legacy dialect: a creation is
// 200 {taskId, status, creditCost}, a retrieval adds modelKey, videoUrl, errorCode/errorMessage, refundedCredits
// and the timestamps, statuses are in capitals, and refusals are {errorCode, errorMessage, field} (./errors.ts).

// Not strict: a field the legacy body does not define is dropped (zod's default), as the API's default reading
// ignores it (docs/emulator.md); only these five are read, so nothing else is ever sent.
const legacyBodySchema = z.object({
  modelKey: z.literal("alpha-2.3", { error: 'modelKey is "alpha-2.3": the legacy endpoint makes alpha-2.3 videos only.' }),
  prompt: z.string({ error: "prompt is required." }),
  resolution: z.string().optional(),
  outputDurationSec: z.number().optional(),
  promptExtend: z.boolean().optional(),
});

const V1_TO_LEGACY: Record<string, string> = { duration: "outputDurationSec", prompt_optimizer: "promptExtend" };

/** The v1 request a legacy body stands for; anything refused is the spec's 400 for an invalid legacy request, naming the legacy field. */
export function v1RequestOf(raw: unknown): GenerationRequest {
  const legacy = legacyBodySchema.safeParse(raw);
  if (!legacy.success) throw refusal(legacy.error);
  const body = legacy.data;
  const parsed = generationRequestSchema.safeParse({
    model: "alpha-2.3",
    prompt: body.prompt,
    ...(body.resolution !== undefined ? { resolution: body.resolution.toLowerCase() } : {}),
    ...(body.outputDurationSec !== undefined ? { duration: body.outputDurationSec } : {}),
    ...(body.promptExtend !== undefined ? { prompt_optimizer: body.promptExtend } : {}),
  });
  if (!parsed.success) throw refusal(parsed.error);
  return parsed.data;
}

function refusal(error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  const field = String(issue.path[0] ?? "body");
  return new AppError("bad_request:legacy_request", issue.message, { [V1_TO_LEGACY[field] ?? field]: issue.message });
}

const STATUS = { pending: "PENDING", processing: "RUNNING", succeeded: "SUCCEEDED", failed: "FAILED" } as const;

/** The legacy creation answer: `{taskId, status, creditCost}` (200, as a first answer and as a replay). */
export function legacyCreated(submission: Submission, task: TaskRow | undefined, results: TaskResultRow[], origin: string) {
  const view = gatewayTask(submission, task, results, origin);
  return { taskId: view.id, status: STATUS[view.status], creditCost: view.credits_reserved };
}

/** The legacy retrieval answer, in the upstream's legacy names (and only those: a legacy script reads nothing else). */
export function legacyAnswer(submission: Submission, task: TaskRow | undefined, results: TaskResultRow[], origin: string) {
  const view = gatewayTask(submission, task, results, origin);
  return {
    taskId: view.id,
    modelKey: view.model,
    status: STATUS[view.status],
    creditCost: view.credits_reserved,
    ...(view.data?.[0] ? { videoUrl: view.data[0].url } : {}),
    ...(view.error ? { errorCode: view.error.code, errorMessage: view.error.message } : {}),
    ...(view.credits_refunded !== undefined ? { refundedCredits: view.credits_refunded } : {}),
    createdAt: view.created_at,
    updatedAt: view.updated_at,
  };
}
