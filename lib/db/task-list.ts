import "server-only";
import { sql, type Kysely } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";
import { notHiddenBy } from "./task-hides";
import type { TaskRow } from "./tasks";

export interface TaskFilters {
  status?: ("pending" | "processing" | "succeeded" | "failed")[];
  model?: string[];
  kind?: "image" | "video";
  userId?: string;
  /** ISO instants, inclusive. */
  from?: string;
  to?: string;
  /** Words that must all appear in the prompt (case-insensitive). */
  q?: string;
  favourite?: boolean;
  /** Only tasks made from this one (see task_sources). */
  parent?: string;
}

export type ListedTask = TaskRow & { member_name: string | null };

/** One task with its member's name, as the list shows it. */
export async function getListedTask(db: Kysely<Database>, { id }: { id: string }): Promise<ListedTask | undefined> {
  return db
    .selectFrom("tasks")
    .leftJoin("user", "user.id", "tasks.user_id")
    .selectAll("tasks")
    .select("user.name as member_name")
    .where("tasks.id", "=", id)
    .executeTakeFirst();
}

/** Newest first, by (created_at, id); the cursor is the last row's pair, so deep pages cost what the first does. */
export async function listTasks(
  db: Kysely<Database>,
  {
    filters = {},
    cursor,
    limit,
    viewerId,
  }: {
    filters?: TaskFilters;
    cursor?: { createdAt: string; id: string };
    limit: number;
    /** Leaves out what this member hid for themselves. */
    viewerId?: string;
  },
): Promise<ListedTask[]> {
  let query = db
    .selectFrom("tasks")
    .leftJoin("user", "user.id", "tasks.user_id")
    .selectAll("tasks")
    .select("user.name as member_name")
    .where("tasks.hidden", "=", dbBool(false));
  if (viewerId) query = query.where(notHiddenBy(viewerId));
  if (filters.status?.length) query = query.where("tasks.status", "in", filters.status);
  if (filters.model?.length) query = query.where("tasks.model", "in", filters.model);
  if (filters.kind) query = query.where("tasks.kind", "=", filters.kind);
  if (filters.userId) query = query.where("tasks.user_id", "=", filters.userId);
  if (filters.from) query = query.where("tasks.created_at", ">=", filters.from);
  if (filters.to) query = query.where("tasks.created_at", "<=", filters.to);
  if (filters.favourite) query = query.where("tasks.favourite", "=", dbBool(true));
  if (filters.parent) {
    const parent = filters.parent;
    query = query.where("tasks.submission_id", "in", (eb) =>
      eb.selectFrom("task_sources").select("submission_id").where("source_task_id", "=", parent),
    );
  }
  for (const word of (filters.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // SQLite has no default LIKE escape character (Postgres uses backslash): name it for both.
    query = query.where(sql<boolean>`lower(${sql.ref("tasks.prompt")}) like ${pattern} escape '\\'`);
  }
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb("tasks.created_at", "<", cursor.createdAt),
        eb.and([eb("tasks.created_at", "=", cursor.createdAt), eb("tasks.id", "<", cursor.id)]),
      ]),
    );
  }
  return query.orderBy("tasks.created_at", "desc").orderBy("tasks.id", "desc").limit(limit).execute();
}
