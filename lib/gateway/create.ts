import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { getSubmission, type Submission } from "@/lib/db/submissions";
import { AppError } from "@/lib/errors";
import { getModel, type GenerationRequest } from "@/lib/models/catalogue";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { sourcesOf } from "@/lib/tasks/lineage";
import { resolveResultReferences } from "@/lib/tasks/result-references";
import { submit } from "@/lib/tasks/submit";
import { toLegacyRequest } from "@/lib/upstream/legacy";
import { submissionIdOf } from "./task-view";
import type { TokenHolder } from "./tokens";

// A creation through the gateway is a submission like the dashboard's: stored with its own upstream
// Idempotency-Key before anything is sent, checked against the member's and the team's budgets in the same
// step, then sent by the queue within the account's limits. The caller's Idempotency-Key makes it exactly
// once for the caller too: the submission's id is derived from the member and that key, so a replay finds
// the stored submission (same body: the same task; another body: 409), on any instance.

const IDEMPOTENCY_KEY = /^[A-Za-z0-9.:_-]{1,128}$/;

/**
 * The caller's Idempotency-Key, as the spec requires it on every generation POST (400 without it), checked
 * before the body's fields as the upstream does. Family D (delta-image-2) may go without one, deduplicating
 * nothing: each such creation gets a key of its own.
 */
export function idempotencyKeyOf(request: Request, body?: unknown): string {
  const key = request.headers.get("idempotency-key");
  const model = typeof body === "object" && body !== null ? (body as { model?: unknown }).model : undefined;
  if (key === null && model === "delta-image-2") return `unkeyed-${randomUUID()}`;
  if (key === null)
    throw new AppError("bad_request:idempotency_key", "The Idempotency-Key header is required on every generation request.");
  if (!IDEMPOTENCY_KEY.test(key))
    throw new AppError(
      "bad_request:idempotency_key",
      "An Idempotency-Key is 1 to 128 letters, digits, dots, colons, underscores or hyphens.",
    );
  return key;
}

export const idempotencyConflict = () =>
  new AppError("conflict:idempotency_key", "This Idempotency-Key was used with a different body. A changed request needs a new key.");

/** A UUID (the form submission ids take) that is the same for the same member and key, and for no other. */
export function submissionIdFor(userId: string, key: string): string {
  const hex = createHash("sha256").update(`gateway\n${userId}\n${key}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const parentRefused = (message: string) => new AppError("invalid:body", message, { parent_task_id: message });

/**
 * An extension names its parent by the id the gateway answered (`task_<submission id>`): the upstream knows
 * it by its own id, so that one is sent (and recorded, so the task page links the parent). A parent still
 * waiting in the queue cannot be extended yet; an id that is not a gateway id goes as it came.
 */
export async function upstreamParent(parent: unknown, userId: string): Promise<unknown> {
  const submissionId = typeof parent === "string" ? submissionIdOf(parent) : null;
  const submission = submissionId ? await getSubmission(database().db, { id: submissionId }) : undefined;
  if (!submission) return parent;
  // Another member's task is not this caller's to extend, as the upstream refuses another account's (422).
  if (submission.user_id !== userId) throw parentRefused("This task was not made by your member account, so it cannot be extended.");
  if (!submission.task_id) throw parentRefused("This task has not been sent to the API yet: extend it once it has succeeded.");
  return submission.task_id;
}

async function withUpstreamParent(request: GenerationRequest, userId: string): Promise<GenerationRequest> {
  if (!("parent_task_id" in request)) return request;
  const parent = await upstreamParent(request.parent_task_id, userId);
  return parent === request.parent_task_id ? request : ({ ...request, parent_task_id: parent } as GenerationRequest);
}

export async function createThroughGateway({
  holder,
  request: generation,
  key,
  legacy = false,
}: {
  holder: TokenHolder;
  request: GenerationRequest;
  key: string;
  legacy?: boolean;
}): Promise<{ submission: Submission; repeated: boolean }> {
  const model = getModel(generation.model);
  if (!model) throw new Error(`validated model ${generation.model} missing from the catalogue`);
  const connection = database();
  const request = await withUpstreamParent(generation, holder.user.id);
  const resolved = await resolveResultReferences(connection.db, request, { viewer: { kind: "token", user: holder.user } });
  try {
    const { submissions, repeated } = await submit({
      connection,
      submission: {
        id: submissionIdFor(holder.user.id, key),
        userId: holder.user.id,
        model: model.id,
        kind: model.kind,
        endpoint: legacy ? "legacy" : model.endpoint,
        request: legacy ? { ...toLegacyRequest(resolved as Parameters<typeof toLegacyRequest>[0]) } : resolved,
        shown: request,
        sources: sourcesOf(request),
        tokenId: holder.token.id,
      },
    });
    const submission = submissions[0]!;
    if (!repeated) {
      kickEngine();
      await recordAudit(connection.db, {
        actorId: holder.user.id,
        action: "access_token.use",
        subjectId: holder.token.id,
        detail: { submission: submission.id, model: model.id },
      });
    }
    return { submission, repeated };
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict:submission") throw idempotencyConflict();
    throw error;
  }
}
