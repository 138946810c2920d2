import { revokeOwnAccessToken } from "@/lib/gateway/tokens";
import { withUser } from "@/lib/http/handler";

// Revoking takes effect at once on every instance: each request looks its token up in the database.
export const DELETE = withUser({ role: "member" }, async ({ user, params }) => {
  await revokeOwnAccessToken(user, String(params.id));
  return new Response(null, { status: 204 });
});
