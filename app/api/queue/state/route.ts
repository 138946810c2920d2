import { z } from "zod";
import { withUser } from "@/lib/http/handler";
import { queueState, setQueuePaused } from "@/lib/tasks/queue";

// Pausing holds everyone's submissions, so it is an admin's call.
export const PUT = withUser({ role: "admin", body: z.object({ paused: z.boolean() }).strict() }, async ({ user, body }) => {
  await setQueuePaused(body.paused);
  return Response.json(await queueState(user));
});
