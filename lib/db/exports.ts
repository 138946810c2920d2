import "server-only";
import { sql, type Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";
import { notHiddenBy } from "./task-hides";
import { gatewaySubmissionId, viaToken } from "./task-list";

// Keyset pages for the CSV and JSON exports: oldest first, each page starting after the last row of the one
// before, so the 100th page costs what the first does and nothing holds more than a page in memory.

type Db = Kysely<Database>;

export interface ExportTaskRow {
  id: string;
  created_at: string;
  user_id: string | null;
  member_name: string | null;
  model: string;
  kind: string;
  params: string | null;
  prompt: string | null;
  status: string;
  credits_reserved: number | string | null;
  credits_used: number | string | null;
  credits_refunded: number | string | null;
  error_code: string | null;
  hidden: boolean | number;
  /** The member's access token a script made it with, by name (lib/gateway). */
  via_token: string | null;
  /** Its submission when a script made it through the gateway: the task then goes by the gateway's id. */
  gateway_submission_id: string | null;
  batch_id: string | null;
  batch_key: string | null;
}

export interface TaskExportScope {
  /** Inclusive ISO instant. */
  from?: string;
  /** Exclusive ISO instant. */
  until?: string;
  /** Admins export hidden tasks too (the credits count them); others get what their gallery shows. */
  includeHidden: boolean;
  /** Leaves out what this member hid for themselves (with includeHidden false). */
  viewerId?: string;
}

export async function exportTaskPage(
  db: Db,
  { scope, after, limit }: { scope: TaskExportScope; after?: { createdAt: string; id: string }; limit: number },
): Promise<ExportTaskRow[]> {
  let query = db
    .selectFrom("tasks")
    .leftJoin("user", "user.id", "tasks.user_id")
    .select([
      "tasks.id",
      "tasks.created_at",
      "tasks.user_id",
      "user.name as member_name",
      "tasks.model",
      "tasks.kind",
      "tasks.params",
      "tasks.prompt",
      "tasks.status",
      "tasks.credits_reserved",
      "tasks.credits_used",
      "tasks.credits_refunded",
      "tasks.error_code",
      "tasks.hidden",
      viaToken,
      gatewaySubmissionId,
      // The batch it is a row of (issue 48), and that row's key.
      (eb) =>
        eb.selectFrom("submissions").select("submissions.batch_id").whereRef("submissions.id", "=", "tasks.submission_id").as("batch_id"),
      (eb) =>
        eb.selectFrom("submissions").select("submissions.batch_key").whereRef("submissions.id", "=", "tasks.submission_id").as("batch_key"),
    ]);
  if (!scope.includeHidden) {
    query = query.where("tasks.hidden", "=", dbBool(false));
    if (scope.viewerId) query = query.where(notHiddenBy(scope.viewerId));
  }
  if (scope.from) query = query.where("tasks.created_at", ">=", scope.from);
  if (scope.until) query = query.where("tasks.created_at", "<", scope.until);
  if (after)
    query = query.where(sql<boolean>`(${sql.ref("tasks.created_at")}, ${sql.ref("tasks.id")}) > (${after.createdAt}, ${after.id})`);
  return query.orderBy("tasks.created_at", "asc").orderBy("tasks.id", "asc").limit(limit).execute();
}

export interface ExportUsageRow {
  day: string;
  user_id: string;
  member_name: string | null;
  model: string;
  tasks: number | string;
  used: number | string;
  refunded: number | string;
  reserved_now: number | string;
  refund_pending: number | string;
  succeeded_tasks: number | string;
  failed_tasks: number | string;
}

/** Rollup rows (UTC day, member, model) with at least one task, `fromDay` and `toDay` inclusive (`YYYY-MM-DD`). */
export async function exportUsagePage(
  db: Db,
  {
    fromDay,
    toDay,
    after,
    limit,
  }: { fromDay?: string; toDay?: string; after?: { day: string; userId: string; model: string }; limit: number },
): Promise<ExportUsageRow[]> {
  let query = db
    .selectFrom("credit_rollups as r")
    .leftJoin("user", "user.id", "r.user_id")
    .select([
      "r.day",
      "r.user_id",
      "user.name as member_name",
      "r.model",
      "r.tasks",
      "r.used",
      "r.refunded",
      "r.reserved_now",
      "r.refund_pending",
      "r.succeeded_tasks",
      "r.failed_tasks",
    ])
    .where("r.tasks", ">", 0);
  if (fromDay) query = query.where("r.day", ">=", fromDay);
  if (toDay) query = query.where("r.day", "<=", toDay);
  if (after)
    query = query.where(
      sql<boolean>`(${sql.ref("r.day")}, ${sql.ref("r.user_id")}, ${sql.ref("r.model")}) > (${after.day}, ${after.userId}, ${after.model})`,
    );
  return query.orderBy("r.day", "asc").orderBy("r.user_id", "asc").orderBy("r.model", "asc").limit(limit).execute();
}
