import { removeFromBoard } from "@/lib/boards/boards";
import { withUser } from "@/lib/http/handler";

// Takes a task off a board (the task itself stays in the gallery).
export const DELETE = withUser({ role: "member" }, async ({ user, params }) => {
  await removeFromBoard(user, String(params.id), String(params.taskId));
  return new Response(null, { status: 204 });
});
