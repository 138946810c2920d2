import { balanceEstimate, enterBalance } from "@/lib/budgets/service";
import { withUser } from "@/lib/http/handler";
import { balanceInputSchema } from "@/lib/schemas/budgets";

// The API has no balance: an admin enters it as the provider's site shows it; Darkroom estimates from there.
export const GET = withUser({ role: "viewer" }, async () =>
  Response.json({ balance: await balanceEstimate() }, { headers: { "Cache-Control": "no-store" } }),
);

export const PUT = withUser({ role: "admin", body: balanceInputSchema }, async ({ user, body }) =>
  Response.json({ balance: await enterBalance(user, body.amount) }),
);
