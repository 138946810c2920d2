import { database } from "@/lib/db";
import { dbBool } from "@/lib/db/booleans";
import { isHiddenForMember } from "@/lib/db/task-hides";
import { getResults, getTaskRow, updateTask } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { hideQuerySchema, taskPatchSchema } from "@/lib/schemas/tasks";
import { setHidden } from "@/lib/tasks/hiding";
import { withEstimates } from "@/lib/tasks/estimates";
import { findListedTask } from "@/lib/tasks/task-ids";
import { taskView } from "@/lib/tasks/task-views";

async function requireTask(id: string) {
  const task = await getTaskRow(database().db, { id });
  if (!task) throw new AppError("not_found:task", "No task with this id in Darkroom.");
  return task;
}

export const GET = withUser({}, async ({ params, user }) => {
  // By either id a task goes by (lib/tasks/task-ids.ts), as its page is.
  const task = await findListedTask(database().db, String(params.id));
  if (!task) throw new AppError("not_found:task", "No task with this id in Darkroom.");
  const hiddenForMe = await isHiddenForMember(database().db, { taskId: task.id, userId: user.id });
  const [view] = await withEstimates(database().db, [taskView(task, await getResults(database().db, { taskId: task.id }))]);
  return Response.json({ task: { ...view, hiddenForMe } });
});

/** Favourite or not: a member's mark on the team's task. */
export const PATCH = withUser({ role: "member", body: taskPatchSchema }, async ({ params, body }) => {
  const task = await requireTask(String(params.id));
  await updateTask(database().db, { id: task.id, favourite: dbBool(body.favourite), updated_at: new Date().toISOString() });
  return Response.json({ task: taskView({ ...task, favourite: dbBool(body.favourite) }) });
});

/**
 * Hides the task, for this member (`?scope=me`, the default) or for the team (`?scope=team`: owner or admin,
 * audited). The record and its archive stay (the API cannot delete tasks); POST …/restore undoes it.
 */
export const DELETE = withUser({ role: "member", query: hideQuerySchema }, async ({ params, query, user }) => {
  await setHidden({ user, taskId: String(params.id), scope: query.scope, hidden: true });
  return new Response(null, { status: 204 });
});
