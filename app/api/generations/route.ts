import { database } from "@/lib/db";
import { withUser } from "@/lib/http/handler";
import { getModel } from "@/lib/models/catalogue";
import { memberViewer } from "@/lib/policy/see";
import { generationSubmissionSchema } from "@/lib/schemas/generations";
import { sourcesOf } from "@/lib/tasks/lineage";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { resolveResultReferences } from "@/lib/tasks/result-references";
import { submissionWithPosition } from "@/lib/tasks/queue";
import { submit } from "@/lib/tasks/submit";
import { toLegacyRequest } from "@/lib/upstream/legacy";

// Validated by the model's schema (and, for the legacy endpoint, rewritten into its body), stored with its Idempotency-Key, then sent by the queue within the
// account's limits. Viewers cannot spend credits, so this needs the member role.
export const POST = withUser({ role: "member", body: generationSubmissionSchema }, async ({ user, body }) => {
  const model = getModel(body.request.model);
  if (!model) throw new Error(`validated model ${body.request.model} missing from the catalogue`);
  const resolved = await resolveResultReferences(database().db, body.request, { viewer: memberViewer(user) });
  // The schema allowed legacy for alpha-2.3 text-to-video only; the engine sends it with x-api-key.
  const legacy = body.endpoint === "legacy";
  const request = legacy ? { ...toLegacyRequest(resolved as Parameters<typeof toLegacyRequest>[0]) } : resolved;
  const { submissions, repeated } = await submit({
    connection: database(),
    submission: {
      id: body.submissionId,
      userId: user.id,
      model: model.id,
      kind: model.kind,
      endpoint: legacy ? "legacy" : model.endpoint,
      request,
      shown: body.request,
      runs: body.runs,
      sources: sourcesOf(body.request),
    },
  });
  kickEngine();
  const views = await Promise.all(submissions.map((s) => submissionWithPosition(s.id)));
  return Response.json({ submissions: views, repeated }, { status: repeated ? 200 : 202 });
});
