import { withUser } from "@/lib/http/handler";
import { AppError } from "@/lib/errors";
import { comparisonPatchSchema } from "@/lib/schemas/comparisons";
import { comparisonView, pickFavourite } from "@/lib/tasks/compare";

async function viewOf(id: string) {
  const comparison = await comparisonView(id);
  if (!comparison) throw new AppError("not_found:comparison", "No comparison with this id; it may have been made on another Darkroom.");
  return comparison;
}

// One comparison with each column's latest run, its task and results: what the comparison page refetches
// when one of its tasks changes.
export const GET = withUser({}, async ({ params }) => Response.json({ comparison: await viewOf(String(params.id)) }));

// Picks (or clears) the favourite column: the comparison's maker or an admin.
export const PATCH = withUser({ role: "member", body: comparisonPatchSchema }, async ({ user, params, body }) => {
  await pickFavourite(user, String(params.id), body.favourite);
  return Response.json({ comparison: await viewOf(String(params.id)) });
});
