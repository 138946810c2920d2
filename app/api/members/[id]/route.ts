import { changeMember } from "@/lib/auth/members";
import { withUser } from "@/lib/http/handler";
import { memberPatchSchema } from "@/lib/members/schemas";

export const PATCH = withUser({ role: "admin", body: memberPatchSchema }, async ({ user, body, params }) =>
  Response.json({ member: await changeMember(user, String(params.id), body) }),
);
