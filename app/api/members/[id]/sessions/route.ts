import { endMemberSessions } from "@/lib/auth/sessions";
import { withUser } from "@/lib/http/handler";

// An admin signs a member out everywhere (Settings → Members).
export const DELETE = withUser({ role: "admin" }, async ({ user, params }) =>
  Response.json({ ended: await endMemberSessions(user, String(params.id)) }),
);
