import { budgetsFor, removeBudget } from "@/lib/budgets/service";
import { withUser } from "@/lib/http/handler";

export const DELETE = withUser({ role: "admin" }, async ({ user, params }) => {
  await removeBudget(user, String(params.id));
  return Response.json(await budgetsFor(user));
});
