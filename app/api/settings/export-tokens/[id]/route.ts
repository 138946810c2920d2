import { revokeToken } from "@/lib/exports/tokens";
import { withUser } from "@/lib/http/handler";

// Any admin may revoke any export token (one left behind by an admin who has gone, say); recorded in the audit log.
export const DELETE = withUser({ role: "admin" }, async ({ user, params }) => {
  await revokeToken(user, String(params.id));
  return new Response(null, { status: 204 });
});
