import { removePasskey } from "@/lib/auth/second-factor/passkeys";
import { withUser } from "@/lib/http/handler";

export const DELETE = withUser({}, async ({ user, params }) => {
  await removePasskey(user, String(params.id));
  return new Response(null, { status: 204 });
});
