import { withUser } from "@/lib/http/handler";
import { queueState } from "@/lib/tasks/queue";

export const GET = withUser({}, async ({ user }) => Response.json(await queueState(user)));
