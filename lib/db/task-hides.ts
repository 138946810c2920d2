import "server-only";
import type { ExpressionBuilder, Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";

type Db = Kysely<Database>;

export async function hideForMember(db: Db, { taskId, userId, at }: { taskId: string; userId: string; at: string }): Promise<void> {
  await db
    .insertInto("task_hides")
    .values({ task_id: taskId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(["user_id", "task_id"]).doNothing())
    .execute();
}

export async function unhideForMember(db: Db, { taskId, userId }: { taskId: string; userId: string }): Promise<void> {
  await db.deleteFrom("task_hides").where("task_id", "=", taskId).where("user_id", "=", userId).execute();
}

export async function isHiddenForMember(db: Db, { taskId, userId }: { taskId: string; userId: string }): Promise<boolean> {
  const row = await db
    .selectFrom("task_hides")
    .select("task_id")
    .where("task_id", "=", taskId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** For a query over `tasks`: the task is not hidden by this member for themselves. */
export const notHiddenBy = (userId: string) => (eb: ExpressionBuilder<Database, "tasks">) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("task_hides")
        .select("task_hides.task_id")
        .whereRef("task_hides.task_id", "=", "tasks.id")
        .where("task_hides.user_id", "=", userId),
    ),
  );

/**
 * Which of `ids` a member sees now: not hidden for the team, not hidden by them, and (with `madeBy`) made by
 * that member, as a script sees only its own member's tasks. An unknown id is simply not among them.
 */
export async function tasksSeenBy(
  db: Db,
  { ids, viewerId, madeBy }: { ids: string[]; viewerId: string; madeBy?: string },
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom("tasks")
    .select("tasks.id")
    .where("tasks.id", "in", ids)
    .where("tasks.hidden", "=", dbBool(false))
    .where(notHiddenBy(viewerId));
  if (madeBy !== undefined) query = query.where("tasks.user_id", "=", madeBy);
  return new Set((await query.execute()).map((row) => row.id));
}
