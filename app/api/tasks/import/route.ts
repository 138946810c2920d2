import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { importSchema } from "@/lib/schemas/tasks";
import { importTask } from "@/lib/tasks/import";
import { buildEngine, currentEngine } from "@/lib/tasks/engine/loop";

export const POST = withUser({ role: "member", body: importSchema }, async ({ user, body }) => {
  // A web instance runs no engine loop, but importing needs only its upstream client and database.
  const engine = currentEngine() ?? buildEngine();
  if (!engine) throw new AppError("upstream_unavailable", "No generation API is configured, so there is nothing to import from.");
  return Response.json({ task: await importTask(engine, user, body.taskId) }, { status: 201 });
});
