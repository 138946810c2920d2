import { changeMember } from "@/lib/auth/members";
import { publishAccessChange } from "@/lib/events/access";
import { withUser } from "@/lib/http/handler";
import { memberPatchSchema } from "@/lib/members/schemas";

export const PATCH = withUser({ role: "admin", body: memberPatchSchema }, async ({ user, body, params }) => {
  const member = await changeMember(user, String(params.id), body);
  // A disabled member or one with another role keeps no open event stream from before.
  publishAccessChange(member.id);
  return Response.json({ member });
});
