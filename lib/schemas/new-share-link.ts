// The body of POST /api/share-links, checked at the edge. Apart from share-links.ts so that the pages which
// share (the gallery, a task's page) do not carry zod on their first load.
import { z } from "zod";
import { SHARE_DEFAULT_EXPIRY, SHARE_EXPIRIES, type ShareExpiry } from "./share-links";

/** The most tasks one link shows (a selection). */
export const SHARE_MAX_TASKS = 100;

const EXPIRY_KEYS = Object.keys(SHARE_EXPIRIES) as [ShareExpiry, ...ShareExpiry[]];

export const newShareLinkSchema = z
  .object({
    taskIds: z
      .array(z.string().min(1, "A task id cannot be empty.").max(200, "A task id has at most 200 characters."), {
        error: "taskIds is a list of task ids.",
      })
      .min(1, "Choose at least one task to share.")
      .max(SHARE_MAX_TASKS, `Share at most ${SHARE_MAX_TASKS} tasks in one link.`)
      .optional(),
    // A board instead of tasks: the link shows the board as it is when opened, in its order.
    boardId: z
      .string({ error: "boardId is a board's id." })
      .min(1, "boardId is a board's id.")
      .max(200, "A board id has at most 200 characters.")
      .optional(),
    expiry: z
      .enum(EXPIRY_KEYS, { error: `expiry is one of ${EXPIRY_KEYS.map((key) => `"${key}"`).join(", ")}.` })
      .default(SHARE_DEFAULT_EXPIRY),
    showPrompt: z.boolean({ error: "showPrompt is true or false." }).default(false),
  })
  .strict()
  .refine((link) => (link.taskIds === undefined) !== (link.boardId === undefined), {
    error: "Share either taskIds (a list of task ids) or a boardId, not both.",
    path: ["taskIds"],
  });
export type NewShareLink = z.input<typeof newShareLinkSchema>;
