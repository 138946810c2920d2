import { resetSecondFactor } from "@/lib/auth/second-factor/reset";
import { withUser } from "@/lib/http/handler";

// An admin removes a member's second factors (Settings → Members), for a member who lost them all.
export const DELETE = withUser({ role: "admin" }, async ({ user, params }) =>
  Response.json({ removed: await resetSecondFactor(user, String(params.id)) }),
);
