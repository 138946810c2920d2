import "server-only";
import { z } from "zod";
import { database } from "@/lib/db";
import { getSubmission, type Submission } from "@/lib/db/submissions";
import { getResults, getTaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { generationRequestSchema, getModel } from "@/lib/models/catalogue";
import { parseWith } from "@/lib/http/body";
import { issueFields } from "@/lib/models/issues";
import { findSubmission } from "@/lib/tasks/task-ids";
import { createThroughGateway, idempotencyConflict, idempotencyKeyOf, submissionIdFor } from "./create";
import { withToken } from "./handler";
import { legacyAnswer, legacyCreated, v1RequestOf } from "./legacy";
import { referencesForSignedLinks } from "./signed-inputs";
import { gatewayOrigin, gatewayTask } from "./task-view";
import { withoutUnknownFields } from "./unknown-fields";

// The handlers behind app/v1/… and app/api/video/…: the spec's creation and retrieval endpoints, v1 and
// legacy, with its paths, bodies, statuses and error shape. Bodies are validated by the same zod schemas
// as the dashboard's forms.

const NOT_FOUND = "No task with this id was made by your member account.";
const noStore = (headers: Record<string, string> = {}) => ({ "Cache-Control": "no-store", ...headers });

/**
 * A task the member made (through a token or the dashboard), named by the id the gateway answered or by the API's
 * id that a page may once have shown, or 404, as the spec's ownership rule says.
 */
async function ownSubmission(id: unknown, userId: string): Promise<Submission> {
  const named = z.string().min(1).max(200).catch("").parse(id);
  const submission = named ? await findSubmission(database().db, named) : undefined;
  if (!submission || submission.user_id !== userId) throw new AppError("not_found:task", NOT_FOUND);
  return submission;
}

/** What a task view is made of: the submission, its upstream task once it has one, and that task's results. */
async function viewParts(submission: Submission) {
  const { db } = database();
  const task = submission.task_id ? await getTaskRow(db, { id: submission.task_id }) : undefined;
  return [submission, task, task ? await getResults(db, { taskId: task.id }) : []] as const;
}

/** A creation endpoint: its body is the model's own request, of the endpoint's kind. */
export function creationRoute(kind: "image" | "video") {
  const body = generationRequestSchema.superRefine((request, ctx) => {
    const model = getModel(request.model);
    if (model && model.kind !== kind)
      ctx.addIssue({
        code: "custom",
        path: ["model"],
        message: `${request.model} makes ${model.kind}s: send it to POST /v1/${model.kind}s/generations.`,
      });
  });
  return withToken({ scope: kind === "image" ? "images" : "videos", body: z.unknown() }, async ({ request, body: raw, holder }) => {
    // The upstream's order: the key (400) before the fields (422), and a used key with another body is a 409
    // even when that body is invalid (the stored one was valid, so they differ).
    const key = idempotencyKeyOf(request, raw);
    let generation: z.output<typeof body>;
    try {
      // Fields the model does not define are ignored, as the API's default reading ignores them (./unknown-fields.ts).
      const linked = await referencesForSignedLinks(withoutUnknownFields(raw), { origin: gatewayOrigin(request) });
      generation = parseWith(body, linked, (error) => issueFields(error.issues));
    } catch (error) {
      if (await getSubmission(database().db, { id: submissionIdFor(holder.user.id, key) })) throw idempotencyConflict();
      throw error;
    }
    const { submission, repeated } = await createThroughGateway({ holder, request: generation, key });
    return Response.json(gatewayTask(...(await viewParts(submission)), gatewayOrigin(request)), {
      status: repeated ? 200 : 202,
      headers: noStore(repeated ? { "Idempotent-Replayed": "true" } : {}),
    });
  });
}

export const retrievalRoute = withToken({}, async ({ request, params, holder }) => {
  const submission = await ownSubmission(params.id, holder.user.id);
  return Response.json(gatewayTask(...(await viewParts(submission)), gatewayOrigin(request)), { headers: noStore() });
});

export const legacyCreationRoute = withToken({ scope: "videos", body: z.unknown(), legacy: true }, async ({ request, body, holder }) => {
  const key = idempotencyKeyOf(request);
  const { submission, repeated } = await createThroughGateway({ holder, request: v1RequestOf(body), key, legacy: true });
  // The legacy dialect answers 200 to a new task and to a replay alike; only the header tells them apart.
  return Response.json(legacyCreated(...(await viewParts(submission)), gatewayOrigin(request)), {
    status: 200,
    headers: noStore(repeated ? { "Idempotent-Replayed": "true" } : {}),
  });
});

export const legacyRetrievalRoute = withToken({ legacy: true }, async ({ request, params, holder }) => {
  const submission = await ownSubmission(params.taskId, holder.user.id);
  return Response.json(legacyAnswer(...(await viewParts(submission)), gatewayOrigin(request)), { headers: noStore() });
});
