import { database } from "@/lib/db";
import { dbBool } from "@/lib/db/booleans";
import { getListedTask } from "@/lib/db/task-list";
import { getResults, getTaskRow, updateTask } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { taskPatchSchema } from "@/lib/schemas/tasks";
import { taskView } from "@/lib/tasks/task-views";

async function requireTask(id: string) {
  const task = await getTaskRow(database().db, { id });
  if (!task) throw new AppError("not_found:task", "No task with this id in Darkroom.");
  return task;
}

export const GET = withUser({}, async ({ params }) => {
  const task = await getListedTask(database().db, { id: String(params.id) });
  if (!task) throw new AppError("not_found:task", "No task with this id in Darkroom.");
  return Response.json({ task: taskView(task, await getResults(database().db, { taskId: task.id })) });
});

/** Favourite or not: a member's mark on the team's task. */
export const PATCH = withUser({ role: "member", body: taskPatchSchema }, async ({ params, body }) => {
  const task = await requireTask(String(params.id));
  await updateTask(database().db, { id: task.id, favourite: dbBool(body.favourite), updated_at: new Date().toISOString() });
  return Response.json({ task: taskView({ ...task, favourite: dbBool(body.favourite) }) });
});

/** Hides the task from the dashboard; the record and its archive stay (the API cannot delete tasks). */
export const DELETE = withUser({ role: "member" }, async ({ params }) => {
  const task = await requireTask(String(params.id));
  await updateTask(database().db, { id: task.id, hidden: dbBool(true), updated_at: new Date().toISOString() });
  return new Response(null, { status: 204 });
});
