import { z } from "zod";
import { ledgerSnapshot } from "@/lib/credits/snapshot";
import { withUser } from "@/lib/http/handler";
import { CREDIT_PERIODS } from "@/lib/schemas/credits";

// Unlike the page's URL (which falls back to the default), an unknown period here is the caller's mistake.
const query = z.strictObject({
  period: z
    .enum(CREDIT_PERIODS, { error: `Ask for a period of ${CREDIT_PERIODS.join(", ")}, or none for today's figures only.` })
    .optional(),
});

// Every role reads it, as every role sees the Credits page and the Overview; budgets are the viewer's own and the team's.
export const GET = withUser({ role: "viewer", query }, async ({ user, query }) =>
  Response.json(await ledgerSnapshot(user, { period: query.period }), { headers: { "Cache-Control": "no-store" } }),
);
