import { addMember } from "@/lib/auth/members";
import { database } from "@/lib/db";
import { listMembers } from "@/lib/db/users";
import { withUser } from "@/lib/http/handler";
import { newMemberSchema } from "@/lib/members/schemas";

export const GET = withUser({ role: "admin" }, async () => Response.json({ members: await listMembers(database().db) }));

export const POST = withUser({ role: "admin", body: newMemberSchema }, async ({ user, body }) =>
  Response.json({ member: await addMember(user, body) }, { status: 201 }),
);
