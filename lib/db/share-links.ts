import "server-only";
import type { Kysely } from "kysely";
import { dbBool } from "./booleans";
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
 * The link a token names, only while it may be opened: not revoked, not expired, and made by a member who
 * still may share (not disabled, not a viewer). Read on every request, so a revocation holds at once everywhere.
 */
export async function openableShareLink(db: Db, { tokenHash, at }: { tokenHash: string; at: string }) {
  return db
    .selectFrom("share_links")
    .innerJoin("user", "user.id", "share_links.user_id")
    .select([
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
    .where("user.disabled", "=", dbBool(false))
    .where("user.role", "in", ["member", "admin"])
    .executeTakeFirst();
}

/** The shared tasks among `ids` that the team still sees (not hidden for the team), with their archived results. */
export async function sharedTasks(db: Db, { ids }: { ids: string[] }) {
  const tasks = await db
    .selectFrom("tasks")
    .select(["id", "kind", "prompt"])
    .where("id", "in", ids)
    .where("hidden", "=", dbBool(false))
    .execute();
  const results = tasks.length
    ? await db
        .selectFrom("task_results")
        .select(["task_id", "idx", "content_type", "width", "height"])
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

/** The unrevoked links (expired ones too, marked by their date), a member's own or, with no userId, everyone's; newest first. */
export async function listShareLinks(db: Db, { userId }: { userId?: string }) {
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
  if (userId) query = query.where("share_links.user_id", "=", userId);
  return query.orderBy("share_links.created_at", "desc").orderBy("share_links.id", "desc").limit(200).execute();
}

/** Revokes a live link, only the member's own unless `anyOwner`; false when there is no such link. */
export async function revokeShareLink(db: Db, { id, userId, anyOwner, at }: { id: string; userId: string; anyOwner: boolean; at: string }) {
  let query = db.updateTable("share_links").set({ revoked_at: at }).where("id", "=", id).where("revoked_at", "is", null);
  if (!anyOwner) query = query.where("user_id", "=", userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
