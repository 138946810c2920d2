import { withUser } from "@/lib/http/handler";
import { revokeShare } from "@/lib/shares/links";

// Revoking holds at once on every instance: each open of the link reads it from the database.
export const DELETE = withUser({ role: "member" }, async ({ user, params }) => {
  await revokeShare(user, String(params.id));
  return new Response(null, { status: 204 });
});
