import { withUser } from "@/lib/http/handler";

export const GET = withUser({}, async ({ user }) => Response.json({ user }));
