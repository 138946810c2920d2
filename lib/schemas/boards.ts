// The boards routes' inputs (zod: the server's; the pages import board-views.ts, which loads no zod).
import { z } from "zod";
import { BOARD_MAX_ITEMS, BOARD_NAME_MAX } from "./board-views";

const name = z
  .string({ error: "name is the board's name, as text." })
  .trim()
  .min(1, "Give the board a name.")
  .max(BOARD_NAME_MAX, `A board's name has at most ${BOARD_NAME_MAX} characters.`);

const taskIds = (min: number, tooFew: string) =>
  z
    .array(z.string().min(1, "A task id cannot be empty.").max(200, "A task id has at most 200 characters."), {
      error: "taskIds is a list of task ids.",
    })
    .min(min, tooFew)
    .max(BOARD_MAX_ITEMS, `A board holds at most ${BOARD_MAX_ITEMS} tasks.`);

const teamVisible = z.boolean({ error: "teamVisible is true or false." });

export const newBoardSchema = z.object({ name, teamVisible: teamVisible.default(true), taskIds: taskIds(0, "").default([]) }).strict();
export type NewBoard = z.input<typeof newBoardSchema>;

export const boardPatchSchema = z
  .object({ name: name.optional(), teamVisible: teamVisible.optional() })
  .strict()
  .refine((patch) => patch.name !== undefined || patch.teamVisible !== undefined, { error: "Send a new name or teamVisible." });
export type BoardPatch = z.input<typeof boardPatchSchema>;

export const addBoardItemsSchema = z.object({ taskIds: taskIds(1, "Choose at least one task to add.") }).strict();

/** The board's whole order: every task id on it, each once, first to last. */
export const boardOrderSchema = z
  .object({ taskIds: taskIds(1, "Send the board's order: every task id on it, first to last.") })
  .strict()
  .refine((order) => new Set(order.taskIds).size === order.taskIds.length, {
    error: "Each task id appears once in the order.",
    path: ["taskIds"],
  });
