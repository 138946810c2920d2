import { endSession } from "@/lib/auth/sessions";
import { withUser } from "@/lib/http/handler";

// Signs one of one's own sessions out; its browser finds itself signed out at its next request.
export const DELETE = withUser({}, async ({ user, params }) => {
  await endSession(user, String(params.id));
  return new Response(null, { status: 204 });
});
