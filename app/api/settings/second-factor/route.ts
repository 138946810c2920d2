import { setSecondFactorRule } from "@/lib/auth/second-factor/rule";
import { withUser } from "@/lib/http/handler";
import { secondFactorRuleSchema } from "@/lib/schemas/second-factor";

// Admins: who must have a second factor (nobody, admins, everyone).
export const PUT = withUser({ role: "admin", body: secondFactorRuleSchema }, async ({ user, body }) =>
  Response.json({ required: await setSecondFactorRule(user, body.required) }),
);
