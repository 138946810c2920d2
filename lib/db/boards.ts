import "server-only";
import type { Kysely, Transaction } from "kysely";
import { dbBool } from "./booleans";
import type { Database } from "./schema";

type Db = Kysely<Database> | Transaction<Database>;

const boardColumns = [
  "boards.id",
  "boards.name",
  "boards.created_by",
  "user.name as creator_name",
  "boards.created_at",
  "boards.updated_at",
  "boards.team_visible",
] as const;

/** Boards a member may see: the team's, their own and (for an admin) everyone's; newest change first, with item counts. */
export async function listBoards(db: Db, { userId, all }: { userId: string; all: boolean }) {
  let query = db
    .selectFrom("boards")
    .leftJoin("user", "user.id", "boards.created_by")
    .select(boardColumns)
    .select((eb) =>
      eb
        .selectFrom("board_items")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("board_items.board_id", "=", "boards.id")
        .as("items"),
    );
  if (!all) query = query.where((eb) => eb.or([eb("boards.team_visible", "=", dbBool(true)), eb("boards.created_by", "=", userId)]));
  return query.orderBy("boards.updated_at", "desc").orderBy("boards.id", "desc").limit(500).execute();
}

export async function getBoard(db: Db, { id }: { id: string }) {
  return db
    .selectFrom("boards")
    .leftJoin("user", "user.id", "boards.created_by")
    .select(boardColumns)
    .where("boards.id", "=", id)
    .executeTakeFirst();
}

export async function insertBoard(db: Db, row: { id: string; name: string; userId: string; teamVisible: boolean; at: string }) {
  await db
    .insertInto("boards")
    .values({
      id: row.id,
      name: row.name,
      created_by: row.userId,
      created_at: row.at,
      updated_at: row.at,
      team_visible: dbBool(row.teamVisible),
    })
    .execute();
}

export async function updateBoard(db: Db, { id, at, name, teamVisible }: { id: string; at: string; name?: string; teamVisible?: boolean }) {
  await db
    .updateTable("boards")
    .set({
      updated_at: at,
      ...(name === undefined ? {} : { name }),
      ...(teamVisible === undefined ? {} : { team_visible: dbBool(teamVisible) }),
    })
    .where("id", "=", id)
    .execute();
}

/** The board, its items and the share links that name it: a deleted board's links no longer open. */
export async function deleteBoard(db: Db, { id, at }: { id: string; at: string }) {
  await db.deleteFrom("board_items").where("board_id", "=", id).execute();
  await db.updateTable("share_links").set({ revoked_at: at }).where("board_id", "=", id).where("revoked_at", "is", null).execute();
  await db.deleteFrom("boards").where("id", "=", id).execute();
}

/** Every task id on the board, in board order (whether or not a given member may see it). */
export async function boardTaskIds(db: Db, { boardId }: { boardId: string }): Promise<string[]> {
  const rows = await db
    .selectFrom("board_items")
    .select("task_id")
    .where("board_id", "=", boardId)
    .orderBy("position")
    .orderBy("task_id")
    .execute();
  return rows.map((row) => row.task_id);
}

/** Adds tasks after the last item; a task already on the board stays where it is. */
export async function appendBoardItems(db: Db, { boardId, taskIds, at }: { boardId: string; taskIds: string[]; at: string }) {
  const present = new Set(await boardTaskIds(db, { boardId }));
  const fresh = taskIds.filter((id) => !present.has(id));
  if (fresh.length === 0) return 0;
  await db
    .insertInto("board_items")
    .values(fresh.map((taskId, i) => ({ board_id: boardId, task_id: taskId, position: present.size + i, added_at: at })))
    .execute();
  return fresh.length;
}

/** Rewrites every position from `order` (the board's whole list of task ids). */
export async function setBoardOrder(db: Db, { boardId, order }: { boardId: string; order: string[] }) {
  for (const [position, taskId] of order.entries())
    await db.updateTable("board_items").set({ position }).where("board_id", "=", boardId).where("task_id", "=", taskId).execute();
}

export async function deleteBoardItem(db: Db, { boardId, taskId }: { boardId: string; taskId: string }): Promise<boolean> {
  const result = await db.deleteFrom("board_items").where("board_id", "=", boardId).where("task_id", "=", taskId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
