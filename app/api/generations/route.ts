import { database } from "@/lib/db";
import { withUser } from "@/lib/http/handler";
import { getModel } from "@/lib/models/catalogue";
import { generationSubmissionSchema } from "@/lib/schemas/generations";
import { sourcesOf } from "@/lib/tasks/lineage";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { resolveResultReferences } from "@/lib/tasks/result-references";
import { submissionWithPosition } from "@/lib/tasks/queue";
import { submit } from "@/lib/tasks/submit";

// Validated by the model's schema, stored with its Idempotency-Key, then sent by the queue within the
// account's limits. Viewers cannot spend credits, so this needs the member role.
export const POST = withUser({ role: "member", body: generationSubmissionSchema }, async ({ user, body }) => {
  const model = getModel(body.request.model);
  if (!model) throw new Error(`validated model ${body.request.model} missing from the catalogue`);
  const request = await resolveResultReferences(database().db, body.request);
  const { submissions, repeated } = await submit({
    connection: database(),
    submission: {
      id: body.submissionId,
      userId: user.id,
      model: model.id,
      kind: model.kind,
      endpoint: model.endpoint,
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
