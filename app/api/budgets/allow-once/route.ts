import { allowOnce, budgetsFor } from "@/lib/budgets/service";
import { withUser } from "@/lib/http/handler";
import { allowOnceSchema } from "@/lib/schemas/budgets";

// An admin lets a member's next submission go over their budget, once; audited.
export const POST = withUser({ role: "admin", body: allowOnceSchema }, async ({ user, body }) => {
  await allowOnce(user, body.userId);
  return Response.json(await budgetsFor(user));
});
