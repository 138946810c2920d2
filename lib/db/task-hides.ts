import "server-only";
import type { ExpressionBuilder, Kysely } from "kysely";
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
