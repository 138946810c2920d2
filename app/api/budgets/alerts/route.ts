import { alertsFor } from "@/lib/budgets/service";
import { withUser } from "@/lib/http/handler";

// The banner's alerts: the member's own budgets and the team's; every budget's for admins.
export const GET = withUser({ role: "viewer" }, async ({ user }) =>
  Response.json({ alerts: await alertsFor(user) }, { headers: { "Cache-Control": "no-store" } }),
);
