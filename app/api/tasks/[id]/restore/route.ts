import { withUser } from "@/lib/http/handler";
import { hideQuerySchema } from "@/lib/schemas/tasks";
import { setHidden } from "@/lib/tasks/hiding";

/** Undoes a hide: for this member (`?scope=me`, the default) or for the team (`?scope=team`: owner or admin, audited). */
export const POST = withUser({ role: "member", query: hideQuerySchema }, async ({ params, query, user }) => {
  await setHidden({ user, taskId: String(params.id), scope: query.scope, hidden: false });
  return new Response(null, { status: 204 });
});
