import { database } from "@/lib/db";
import { getTaskRow, updateTask } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { taskView } from "@/lib/tasks/task-views";

/**
 * Saves a succeeded task's results into the archive again, after the automatic attempts gave up (a full
 * disk, an outage): the next poll downloads them while the upstream still has them.
 */
export const POST = withUser({ role: "member" }, async ({ params }) => {
  const task = await getTaskRow(database().db, { id: String(params.id) });
  if (!task) throw new AppError("not_found:task", "No task with this id in Darkroom.");
  if (task.archive_state === "done") throw new AppError("conflict:archive", "This task’s results are already in Darkroom’s archive.");
  if (task.status !== "succeeded") throw new AppError("conflict:archive", "Only a succeeded task has results to archive.");
  if (task.media_deleted_at)
    throw new AppError("conflict:archive", "The generation service deleted its copy, so there is nothing left to download.");
  const now = new Date().toISOString();
  const patch = { archive_state: "pending" as const, archive_attempts: 0, next_poll_at: now, updated_at: now };
  await updateTask(database().db, { id: task.id, ...patch });
  kickEngine();
  return Response.json({ task: taskView({ ...task, ...patch }) }, { status: 202 });
});
