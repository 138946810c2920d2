import "server-only";
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from "kysely";
import { dbBool } from "./booleans";
import { dialectOf } from "./connect";
import type { Database } from "./schema";
import { notHiddenBy } from "./task-hides";
import type { TaskRow } from "./tasks";

export interface TaskFilters {
  status?: ("pending" | "processing" | "succeeded" | "failed")[];
  /**
   * Error codes (stored in lower case, lib/upstream/scrub.ts). `media_deleted` also matches a success whose
   * upstream copy the service deleted (lib/tasks/engine/poll.ts keeps it a success): its pages show that code.
   */
  error?: string[];
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
  /** Only the tasks of this comparison's columns (submissions.comparison_id, 0023). */
  comparison?: string;
  /** Only tasks made by a batch (submissions.batch_id, 0030): `any` batch, or this one. */
  batch?: string;
}

export type ListedTask = TaskRow & { member_name: string | null; via_token?: string | null; gateway_submission_id?: string | null };

/** The name of the personal access token a script made the task with, or null (made in the dashboard). */
export const viaToken = (eb: ExpressionBuilder<Database, "tasks">) =>
  eb
    .selectFrom("submissions")
    .innerJoin("access_tokens", "access_tokens.id", "submissions.token_id")
    .select("access_tokens.name")
    .whereRef("submissions.id", "=", "tasks.submission_id")
    .as("via_token");

/** The submission of a task a script made through the gateway, whose id the task goes by (lib/tasks/task-ids.ts), or null. */
export const gatewaySubmissionId = (eb: ExpressionBuilder<Database, "tasks">) =>
  eb
    .selectFrom("submissions")
    .select("submissions.id")
    .whereRef("submissions.id", "=", "tasks.submission_id")
    .where("submissions.token_id", "is not", null)
    .as("gateway_submission_id");

/** One task with its member's name, as the list shows it. */
export async function getListedTask(db: Kysely<Database>, { id }: { id: string }): Promise<ListedTask | undefined> {
  return db
    .selectFrom("tasks")
    .leftJoin("user", "user.id", "tasks.user_id")
    .selectAll("tasks")
    .select(["user.name as member_name", viaToken, gatewaySubmissionId])
    .where("tasks.id", "=", id)
    .executeTakeFirst();
}

/**
 * Every word of `q` (up to 8) must appear in the prompt, as a substring, ignoring case. SQLite looks words of
 * three characters or more up in its FTS5 trigram table and checks shorter ones with LIKE on the rows that remain.
 * Postgres answers `lower(prompt) like '%word%'` from its trigram index (0011) for the longest word only and checks
 * the others on the rows it found (`strpos`, which the index does not serve): a word on most rows ("task") made
 * the index read that many entries for every search, 6× a page's time at a million tasks.
 */
function promptConditions(db: Kysely<Database>, q: string | undefined): RawBuilder<boolean>[] {
  const words = (q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const postgres = dialectOf(db) === "postgres";
  const indexed = postgres ? [] : words.filter((word) => [...word].length >= 3);
  const conditions: RawBuilder<boolean>[] = [];
  if (indexed.length) {
    // FTS5 phrases in double quotes take every character literally (a quote is doubled).
    const match = indexed.map((word) => `"${word.replaceAll('"', '""')}"`).join(" AND ");
    conditions.push(sql<boolean>`${sql.ref("tasks.id")} in (select task_id from tasks_fts where tasks_fts match ${match})`);
  }
  // The longest word has the most trigrams, the likeliest to be rare; the first of equals.
  const looked = postgres
    ? words.reduce<string | undefined>((best, word) => ([...word].length > [...(best ?? "")].length ? word : best), undefined)
    : undefined;
  for (const word of words.filter((word) => !indexed.includes(word))) {
    if (postgres && word !== looked) {
      conditions.push(sql<boolean>`strpos(lower(${sql.ref("tasks.prompt")}), ${word}) > 0`);
      continue;
    }
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // SQLite has no default LIKE escape character (Postgres uses backslash): name it for both.
    conditions.push(sql<boolean>`lower(${sql.ref("tasks.prompt")}) like ${pattern} escape '\\'`);
  }
  return conditions;
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
    .select(["user.name as member_name", viaToken, gatewaySubmissionId])
    .where("tasks.hidden", "=", dbBool(false));
  if (viewerId) query = query.where(notHiddenBy(viewerId));
  if (filters.status?.length) query = query.where("tasks.status", "in", filters.status);
  if (filters.error?.length) {
    const codes = filters.error;
    query = query.where((eb) =>
      eb.or([
        eb("tasks.error_code", "in", codes),
        ...(codes.includes("media_deleted") ? [eb("tasks.media_deleted_at", "is not", null)] : []),
      ]),
    );
  }
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
  if (filters.comparison) {
    const comparison = filters.comparison;
    query = query.where("tasks.submission_id", "in", (eb) =>
      eb.selectFrom("submissions").select("id").where("comparison_id", "=", comparison),
    );
  }
  if (filters.batch) {
    const batch = filters.batch.toLowerCase();
    query = query.where("tasks.submission_id", "in", (eb) => {
      const rows = eb.selectFrom("submissions").select("id");
      return batch === "any" ? rows.where("batch_id", "is not", null) : rows.where("batch_id", "=", batch);
    });
  }
  for (const condition of promptConditions(db, filters.q)) query = query.where(condition);
  if (cursor) {
    // A row value, so both databases read the (created_at, id) index from the cursor on: deep pages cost what the first does.
    query = query.where(sql<boolean>`(${sql.ref("tasks.created_at")}, ${sql.ref("tasks.id")}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  return query.orderBy("tasks.created_at", "desc").orderBy("tasks.id", "desc").limit(limit).execute();
}
