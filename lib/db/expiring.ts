import "server-only";
import type { Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";
import type { TaskRow } from "./tasks";

/**
 * Succeeded images whose success falls in [from, to] (ISO): the ones whose upstream copy expires in a given
 * window, once the plan's retention is added (lib/retention.ts). Those not yet archived first.
 */
export async function succeededImagesBetween(
  db: Kysely<Database>,
  { from, to, limit }: { from: string; to: string; limit: number },
): Promise<(TaskRow & { member_name: string | null })[]> {
  return db
    .selectFrom("tasks")
    .leftJoin("user", "user.id", "tasks.user_id")
    .selectAll("tasks")
    .select("user.name as member_name")
    .where("tasks.kind", "=", "image")
    .where("tasks.status", "=", "succeeded")
    .where("tasks.media_deleted_at", "is", null)
    .where("tasks.hidden", "=", dbBool(false))
    .where("tasks.completed_at", ">=", from)
    .where("tasks.completed_at", "<=", to)
    .orderBy((eb) => eb.case().when("tasks.archive_state", "=", "done").then(1).else(0).end())
    .orderBy("tasks.completed_at")
    .limit(limit)
    .execute();
}
