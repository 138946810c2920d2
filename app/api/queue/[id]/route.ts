import { withUser } from "@/lib/http/handler";
import { cancelSubmission } from "@/lib/tasks/queue";

/** Cancels a submission that has not been sent (nothing was charged for it). */
export const DELETE = withUser({ role: "member" }, async ({ user, params }) => {
  await cancelSubmission(user, String(params.id));
  return new Response(null, { status: 204 });
});
