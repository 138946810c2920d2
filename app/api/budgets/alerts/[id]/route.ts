import { alertsFor, dismissAlertFor } from "@/lib/budgets/service";
import { withUser } from "@/lib/http/handler";

// Dismissed for this member only: others who see the alert still do.
export const DELETE = withUser({ role: "viewer" }, async ({ user, params }) => {
  await dismissAlertFor(user, String(params.id));
  return Response.json({ alerts: await alertsFor(user) });
});
