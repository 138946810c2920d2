// Share links (the task page's Share panel, Settings → Share links, and the routes behind them): client-safe.
import { z } from "zod";

/** How long a link lasts; "revoked": until someone revokes it. */
export const SHARE_EXPIRIES = {
  "1h": { label: "1 hour", ms: 3_600_000 },
  "1d": { label: "1 day", ms: 86_400_000 },
  "7d": { label: "7 days", ms: 7 * 86_400_000 },
  "30d": { label: "30 days", ms: 30 * 86_400_000 },
  revoked: { label: "Until revoked", ms: null },
} as const satisfies Record<string, { label: string; ms: number | null }>;
export type ShareExpiry = keyof typeof SHARE_EXPIRIES;
export const SHARE_DEFAULT_EXPIRY: ShareExpiry = "7d";
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

export interface ShareLinkView {
  id: string;
  owner: { id: string; name: string | null };
  /** The shared tasks; [] for a board's link, which follows the board. */
  taskIds: string[];
  /** A board's link: the board, by id and name (null name: deleted since). */
  board: { id: string; name: string | null } | null;
  showPrompt: boolean;
  createdAt: string;
  /** Null: until revoked. */
  expiresAt: string | null;
  views: number;
  lastViewedAt: string | null;
}

/** What a shared page shows: the media and, when the sharer chose so, the prompt. Nothing else. */
export interface SharedTaskView {
  id: string;
  kind: "image" | "video";
  prompt: string | null;
  results: {
    index: number;
    contentType: string | null;
    width: number | null;
    height: number | null;
    fileUrl: string;
    previewUrl: string;
    thumbnailUrl: string;
  }[];
}

export interface SharedPageView {
  tasks: SharedTaskView[];
  expiresAt: string | null;
}
