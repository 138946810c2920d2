import { revokeAccessTokenAs } from "@/lib/gateway/tokens";
import { withUser } from "@/lib/http/handler";

// Revoking takes effect at once on every instance: each request looks its token up in the database. A member
// revokes their own tokens, an admin anyone's; what the token queued and was never sent is cancelled with it.
export const DELETE = withUser({ role: "member" }, async ({ user, params }) => {
  await revokeAccessTokenAs(user, String(params.id));
  return new Response(null, { status: 204 });
});
