import { budgetsFor, setBudget } from "@/lib/budgets/service";
import { withUser } from "@/lib/http/handler";
import { budgetInputSchema } from "@/lib/schemas/budgets";

// Admins see and set every budget; members and viewers see the team's and their own.
export const GET = withUser({ role: "viewer" }, async ({ user }) =>
  Response.json(await budgetsFor(user), { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = withUser({ role: "admin", body: budgetInputSchema }, async ({ user, body }) => {
  await setBudget(user, body);
  return Response.json(await budgetsFor(user));
});
