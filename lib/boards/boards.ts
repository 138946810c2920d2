import "server-only";
import { randomUUID } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import {
  appendBoardItems,
  boardTaskIds,
  deleteBoard,
  deleteBoardItem,
  getBoard,
  insertBoard,
  listBoards,
  setBoardOrder,
  updateBoard,
} from "@/lib/db/boards";
import { fromDbBool } from "@/lib/db/booleans";
import { loadSelection } from "@/lib/db/downloads";
import { AppError } from "@/lib/errors";
import { mayEditBoard as mayEdit, maySeeBoard as maySee } from "@/lib/policy/see";
import { roleAtLeast } from "@/lib/members/roles";
import { BOARD_MAX_ITEMS, type BoardPageView, type BoardView } from "@/lib/schemas/board-views";
import { taskView } from "@/lib/tasks/task-views";

// Boards: named collections of results, in an order people choose. Anyone signed in sees the team's boards
// (and their own private ones; an admin sees all); a board is changed by its maker or an admin. A task goes on
// a board only if the member adding it can see it (the gallery's rule: hidden neither for the team nor by
// them), and each member's board page shows only the items they can see, as the gallery would.

type BoardRow = NonNullable<Awaited<ReturnType<typeof getBoard>>>;

const isAdmin = (user: SessionUser) => roleAtLeast(user.role, "admin");

function view(user: SessionUser, board: BoardRow, items: number): BoardView {
  return {
    id: board.id,
    name: board.name,
    creator: { id: board.created_by, name: board.creator_name },
    createdAt: board.created_at,
    updatedAt: board.updated_at,
    teamVisible: fromDbBool(board.team_visible),
    items,
    canEdit: user.role !== "viewer" && mayEdit(user, board),
  };
}

const NOT_FOUND =
  "No board with this id that you can see: it was deleted, or it is private to its maker. Open Boards to see yours and the team's.";

/** The board, if this member may see it; else a 404 (a private board is not confirmed to exist). */
export async function visibleBoard(user: SessionUser, id: string): Promise<BoardRow> {
  const board = await getBoard(database().db, { id });
  if (!board || !maySee(user, board)) throw new AppError("not_found:board", NOT_FOUND);
  return board;
}

async function editableBoard(user: SessionUser, id: string): Promise<BoardRow> {
  const board = await visibleBoard(user, id);
  if (!mayEdit(user, board))
    throw new AppError("forbidden:board", `Only ${board.creator_name ?? "its maker"}, who made this board, or an admin can change it.`);
  return board;
}

/** Every id must name a task this member sees in the gallery: else a 404, as downloads and share links answer. */
async function checkVisible(user: SessionUser, taskIds: string[]): Promise<void> {
  if (taskIds.length === 0) return;
  const { tasks } = await loadSelection(database().db, taskIds, { viewerId: user.id });
  if (tasks.length !== taskIds.length)
    throw new AppError(
      "not_found:task",
      taskIds.length === 1
        ? "No task with this id in your gallery: it does not exist, or it is hidden."
        : "Some of these tasks are not in your gallery: they do not exist, or they are hidden. Add the others.",
    );
}

export async function boardsOf(user: SessionUser): Promise<BoardView[]> {
  const rows = await listBoards(database().db, { userId: user.id, all: isAdmin(user) });
  return rows.map((row) => view(user, row, Number(row.items ?? 0)));
}

export async function createBoard(user: SessionUser, input: { name: string; teamVisible: boolean; taskIds: string[] }): Promise<BoardView> {
  const taskIds = [...new Set(input.taskIds)];
  await checkVisible(user, taskIds);
  const id = randomUUID();
  const at = new Date().toISOString();
  await database()
    .db.transaction()
    .execute(async (trx) => {
      await insertBoard(trx, { id, name: input.name, userId: user.id, teamVisible: input.teamVisible, at });
      await appendBoardItems(trx, { boardId: id, taskIds, at });
    });
  await recordAudit(database().db, { actorId: user.id, action: "board.create", subjectId: id, detail: { name: input.name } });
  return view(user, (await getBoard(database().db, { id }))!, taskIds.length);
}

/** The board's page for this member: the board, and the tasks on it they can see, in board order. */
export async function boardPage(user: SessionUser, id: string): Promise<BoardPageView> {
  const board = await visibleBoard(user, id);
  const { db } = database();
  const order = await boardTaskIds(db, { boardId: id });
  const { tasks, results } = order.length ? await loadSelection(db, order, { viewerId: user.id }) : { tasks: [], results: new Map() };
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return {
    board: view(user, board, order.length),
    tasks: order.flatMap((taskId) => {
      const task = byId.get(taskId);
      return task ? [taskView(task, results.get(taskId) ?? [])] : [];
    }),
  };
}

/** The ids of the board's tasks this member can see, in board order (its ZIP). */
export async function visibleBoardTaskIds(user: SessionUser, id: string): Promise<string[]> {
  await visibleBoard(user, id);
  const { db } = database();
  const order = await boardTaskIds(db, { boardId: id });
  if (order.length === 0) return [];
  const { tasks } = await loadSelection(db, order, { viewerId: user.id });
  const seen = new Set(tasks.map((task) => task.id));
  return order.filter((taskId) => seen.has(taskId));
}

export async function changeBoard(user: SessionUser, id: string, patch: { name?: string; teamVisible?: boolean }): Promise<BoardView> {
  await editableBoard(user, id);
  const { db } = database();
  await updateBoard(db, { id, at: new Date().toISOString(), ...patch });
  await recordAudit(db, { actorId: user.id, action: "board.update", subjectId: id, detail: patch });
  return view(user, (await getBoard(db, { id }))!, (await boardTaskIds(db, { boardId: id })).length);
}

/** Deletes the board and its items (never the tasks); share links to it stop opening. */
export async function removeBoard(user: SessionUser, id: string): Promise<void> {
  const board = await editableBoard(user, id);
  const { db } = database();
  await db.transaction().execute((trx) => deleteBoard(trx, { id, at: new Date().toISOString() }));
  await recordAudit(db, { actorId: user.id, action: "board.delete", subjectId: id, detail: { name: board.name } });
}

/** Adds tasks at the end, in the order given; ones already on the board stay where they are. Answers how many were new. */
export async function addToBoard(user: SessionUser, id: string, input: string[]): Promise<{ added: number; board: BoardView }> {
  await editableBoard(user, id);
  const taskIds = [...new Set(input)];
  await checkVisible(user, taskIds);
  const { db } = database();
  const at = new Date().toISOString();
  const added = await db.transaction().execute(async (trx) => {
    const present = await boardTaskIds(trx, { boardId: id });
    const fresh = taskIds.filter((taskId) => !present.includes(taskId));
    if (present.length + fresh.length > BOARD_MAX_ITEMS)
      throw new AppError(
        "conflict:board_full",
        `A board holds at most ${BOARD_MAX_ITEMS} tasks; this one has ${present.length}. Start another board for the rest.`,
      );
    const count = await appendBoardItems(trx, { boardId: id, taskIds: fresh, at });
    await updateBoard(trx, { id, at });
    return count;
  });
  return { added, board: view(user, (await getBoard(db, { id }))!, (await boardTaskIds(db, { boardId: id })).length) };
}

/**
 * Puts the listed items in the order given, in the places they hold between them: items the member cannot see
 * (not listed, as their page does not show them) keep their places. An id not on the board is a 409.
 */
export async function reorderBoard(user: SessionUser, id: string, order: string[]): Promise<string[]> {
  await editableBoard(user, id);
  const { db } = database();
  return db.transaction().execute(async (trx) => {
    const current = await boardTaskIds(trx, { boardId: id });
    const listed = new Set(order);
    if (order.some((taskId) => !current.includes(taskId)))
      throw new AppError("conflict:board_order", "Some of these tasks are no longer on the board: reload the board and move them again.");
    const queue = [...order];
    const next = current.map((taskId) => (listed.has(taskId) ? queue.shift()! : taskId));
    await setBoardOrder(trx, { boardId: id, order: next });
    await updateBoard(trx, { id, at: new Date().toISOString() });
    return next;
  });
}

export async function removeFromBoard(user: SessionUser, id: string, taskId: string): Promise<void> {
  await editableBoard(user, id);
  const { db } = database();
  await db.transaction().execute(async (trx) => {
    if (!(await deleteBoardItem(trx, { boardId: id, taskId })))
      throw new AppError("not_found:board_item", "This task is not on the board (any more): reload the board.");
    await setBoardOrder(trx, { boardId: id, order: await boardTaskIds(trx, { boardId: id }) });
    await updateBoard(trx, { id, at: new Date().toISOString() });
  });
}
