import "server-only";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { dbBool } from "@/lib/db/booleans";
import { hideForMember, unhideForMember } from "@/lib/db/task-hides";
import { getTaskRow, updateTask, type TaskRow } from "@/lib/db/tasks";
import type { SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/members/roles";
import type { HideScope } from "@/lib/schemas/tasks";

// Hiding a task takes it out of one member's gallery and downloads ("me", anyone who may act on tasks),
// or out of everyone's ("team": the task's owner or an admin only, recorded in the audit log). Both undo.

async function requireTask(id: string): Promise<TaskRow> {
  const task = await getTaskRow(database().db, { id });
  if (!task) throw new AppError("not_found:task", "No task with this id in Darkroom.");
  return task;
}

function requireTeamRight(user: SessionUser, task: TaskRow, verb: string): void {
  if (task.user_id !== user.id && !roleAtLeast(user.role, "admin")) {
    throw new AppError(
      "forbidden:hide_team",
      `Only the task's owner or an admin can ${verb} it for the whole team; you can hide it for yourself instead.`,
    );
  }
}

export async function setHidden({ user, taskId, scope, hidden }: { user: SessionUser; taskId: string; scope: HideScope; hidden: boolean }) {
  const task = await requireTask(taskId);
  const { db } = database();
  const now = new Date().toISOString();
  if (scope === "me") {
    if (hidden) await hideForMember(db, { taskId: task.id, userId: user.id, at: now });
    else await unhideForMember(db, { taskId: task.id, userId: user.id });
    return;
  }
  requireTeamRight(user, task, hidden ? "hide" : "show");
  await db.transaction().execute(async (trx) => {
    await updateTask(trx, { id: task.id, hidden: dbBool(hidden), updated_at: now });
    await recordAudit(trx, { actorId: user.id, action: hidden ? "task.hide_team" : "task.show_team", subjectId: task.id });
  });
}
