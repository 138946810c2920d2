import { balanceEstimate, enterBalance } from "@/lib/budgets/service";
import { env } from "@/lib/env";
import { withUser } from "@/lib/http/handler";
import { balanceInputSchema } from "@/lib/schemas/budgets";

// The API has no balance: an admin enters it as the provider's site shows it; Darkroom estimates from there.
// The plan rides along for the form's cost estimate (lib/models/price-guide.ts).
export const GET = withUser({ role: "viewer" }, async () =>
  Response.json({ balance: await balanceEstimate(), plan: env.ACCOUNT_PLAN }, { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = withUser({ role: "admin", body: balanceInputSchema }, async ({ user, body }) =>
  Response.json({ balance: await enterBalance(user, body.amount), plan: env.ACCOUNT_PLAN }),
);
