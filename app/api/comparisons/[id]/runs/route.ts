import { withUser } from "@/lib/http/handler";
import { comparisonRerunSchema } from "@/lib/schemas/comparisons";
import { rerunColumn } from "@/lib/tasks/compare";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { submissionWithPosition } from "@/lib/tasks/queue";

// Re-runs one column: a new submission of the same model and request in the same comparison, through the
// queue and the budgets like any other (a repeat of the same submissionId answers the one stored).
export const POST = withUser({ role: "member", body: comparisonRerunSchema }, async ({ user, params, body }) => {
  const { submission, repeated } = await rerunColumn(user, String(params.id), body);
  kickEngine();
  return Response.json({ submission: await submissionWithPosition(submission.id), repeated }, { status: repeated ? 200 : 202 });
});
