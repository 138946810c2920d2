import { withUser } from "@/lib/http/handler";
import { comparisonListQuerySchema, newComparisonSchema } from "@/lib/schemas/comparisons";
import { comparisonList, comparisonView, createComparison } from "@/lib/tasks/compare";
import { kickEngine } from "@/lib/tasks/engine/loop";

// The team's comparisons, newest first (everyone who can see tasks can see them), and a new one: one prompt to
// 2–6 models, every column checked by its model's schema and stored with its own Idempotency-Key before
// anything is sent. Viewers cannot spend credits, so making one needs the member role.
export const GET = withUser({ query: comparisonListQuerySchema }, async ({ query }) => Response.json(await comparisonList(query)));

export const POST = withUser({ role: "member", body: newComparisonSchema }, async ({ user, body }) => {
  const { id, repeated } = await createComparison(user, body);
  kickEngine();
  return Response.json({ comparison: await comparisonView(id), repeated }, { status: repeated ? 200 : 201 });
});
