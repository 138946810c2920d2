import "server-only";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { dbBool } from "./booleans";
import { dialectOf } from "./connect";
import type { Database } from "./schema";

type Db = Kysely<Database>;

export async function insertShareLink(
  db: Db,
  row: {
    id: string;
    tokenHash: string;
    userId: string;
    taskIds: string[];
    boardId?: string | null;
    showPrompt: boolean;
    at: string;
    expiresAt: string | null;
  },
): Promise<void> {
  await db
    .insertInto("share_links")
    .values({
      id: row.id,
      token_hash: row.tokenHash,
      user_id: row.userId,
      task_ids: JSON.stringify(row.taskIds),
      board_id: row.boardId ?? null,
      show_prompt: dbBool(row.showPrompt),
      created_at: row.at,
      expires_at: row.expiresAt,
      revoked_at: null,
      last_viewed_at: null,
    })
    .execute();
}

/**
 * The link a token names, while it is live: not revoked, not expired. Whether it still shows anything (its maker's
 * standing and sight now) is the policy's to decide (lib/policy/share.ts). Read on every request, so a revocation
 * holds at once everywhere.
 */
export async function openableShareLink(db: Db, { tokenHash, at }: { tokenHash: string; at: string }) {
  return db
    .selectFrom("share_links")
    .leftJoin("boards", "boards.id", "share_links.board_id")
    .select([
      "boards.name as board_name",
      "share_links.id",
      "share_links.user_id",
      "share_links.task_ids",
      "share_links.board_id",
      "share_links.show_prompt",
      "share_links.expires_at",
      "share_links.views",
    ])
    .where("share_links.token_hash", "=", tokenHash)
    .where("share_links.revoked_at", "is", null)
    .where((eb) => eb.or([eb("share_links.expires_at", "is", null), eb("share_links.expires_at", ">", at)]))
    .executeTakeFirst();
}

/** The tasks among `ids` (those the policy lets the link show: lib/policy/share.ts), with their archived results. */
export async function sharedTasks(db: Db, { ids }: { ids: string[] }) {
  if (ids.length === 0) return { tasks: [], results: [] };
  const tasks = await db.selectFrom("tasks").select(["id", "kind", "model", "prompt", "created_at"]).where("id", "in", ids).execute();
  const results = tasks.length
    ? await db
        .selectFrom("task_results")
        .select(["task_id", "idx", "content_type", "width", "height", "file"])
        .where(
          "task_id",
          "in",
          tasks.map((task) => task.id),
        )
        .where("file", "is not", null)
        .orderBy("task_id")
        .orderBy("idx")
        .execute()
    : [];
  return { tasks, results };
}

/** Counts one view; answers the count after it (1: the first view). */
export async function countShareView(db: Db, { id, at }: { id: string; at: string }): Promise<number> {
  const row = await db
    .updateTable("share_links")
    .set((eb) => ({ views: eb("views", "+", 1), last_viewed_at: at }))
    .where("id", "=", id)
    .returning("views")
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

type LinksBuilder = ExpressionBuilder<Database, "share_links">;

/** A task link naming one of `userId`'s tasks: its ids are a JSON array, read with each dialect's own function. */
function namesTaskOf(db: Db, userId: string) {
  return dialectOf(db) === "postgres"
    ? sql<boolean>`exists (select 1 from jsonb_array_elements_text(share_links.task_ids::jsonb) as shared(task_id)
        join tasks on tasks.id = shared.task_id where tasks.user_id = ${userId})`
    : sql<boolean>`exists (select 1 from json_each(share_links.task_ids) as shared
        join tasks on tasks.id = shared.value where tasks.user_id = ${userId})`;
}

/**
 * The links concerning a member, which they list and may revoke: those they made, those sharing a board they
 * made, and those showing a task they made (named by the link, or on the board it shares). Any one owner of a
 * shared task may stop the whole link: the link is what puts their work in front of strangers, and its maker
 * can make another without it.
 */
const concerning = (db: Db, userId: string) => (eb: LinksBuilder) =>
  eb.or([
    eb("share_links.user_id", "=", userId),
    eb("share_links.board_id", "in", eb.selectFrom("boards").select("boards.id").where("boards.created_by", "=", userId)),
    eb.exists(
      eb
        .selectFrom("board_items")
        .innerJoin("tasks", "tasks.id", "board_items.task_id")
        .select("board_items.task_id")
        .whereRef("board_items.board_id", "=", "share_links.board_id")
        .where("tasks.user_id", "=", userId),
    ),
    namesTaskOf(db, userId),
  ]);

/**
 * The unrevoked links (expired ones too, marked by their date) concerning a member (see `concerning`), or with
 * no member everyone's; newest first.
 */
export async function listShareLinks(db: Db, { concerning: userId }: { concerning?: string }) {
  let query = db
    .selectFrom("share_links")
    .leftJoin("user", "user.id", "share_links.user_id")
    .leftJoin("boards", "boards.id", "share_links.board_id")
    .select([
      "share_links.board_id",
      "boards.name as board_name",
      "share_links.id",
      "share_links.user_id",
      "user.name as user_name",
      "share_links.task_ids",
      "share_links.show_prompt",
      "share_links.created_at",
      "share_links.expires_at",
      "share_links.views",
      "share_links.last_viewed_at",
    ])
    .where("share_links.revoked_at", "is", null);
  if (userId !== undefined) query = query.where(concerning(db, userId));
  return query.orderBy("share_links.created_at", "desc").orderBy("share_links.id", "desc").limit(200).execute();
}

/**
 * Revokes a live link concerning a member (see `concerning`), or with no member any link; false when there is
 * no such link. The list's rule, checked in the statement that makes the change.
 */
export async function revokeShareLink(db: Db, { id, concerning: userId, at }: { id: string; concerning?: string; at: string }) {
  let query = db
    .updateTable("share_links")
    .set({ revoked_at: at })
    .where("share_links.id", "=", id)
    .where("share_links.revoked_at", "is", null);
  if (userId !== undefined) query = query.where(concerning(db, userId));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
