import { renewToken } from "@/lib/exports/tokens";
import { withUser } from "@/lib/http/handler";

// Any admin may renew any unrevoked export token (an expired one too) for another 90 days from now; recorded in the audit log.
export const POST = withUser({ role: "admin" }, async ({ user, params }) =>
  Response.json(await renewToken(user, String(params.id)), { headers: { "Cache-Control": "no-store" } }),
);
