import { withUser } from "@/lib/http/handler";
import { moveToFront } from "@/lib/tasks/queue";

export const POST = withUser({ role: "member" }, async ({ user, params }) => {
  await moveToFront(user, String(params.id));
  return new Response(null, { status: 204 });
});
