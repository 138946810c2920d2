// What the browser receives about boards, and their limits: client-safe, with no zod (the gallery loads it).
import type { TaskView } from "./views";

/** The most tasks one board holds: its page shows them all at once, and its ZIP is one download. */
export const BOARD_MAX_ITEMS = 500;
export const BOARD_NAME_MAX = 80;

export interface BoardView {
  id: string;
  name: string;
  creator: { id: string; name: string | null };
  createdAt: string;
  updatedAt: string;
  teamVisible: boolean;
  /** Items on the board (some may be hidden from a given member). */
  items: number;
  /** Whether the member asking may rename, reorder, delete or share it. */
  canEdit: boolean;
}

/** A board's page: the board and the tasks on it that the member may see, in board order. */
export interface BoardPageView {
  board: BoardView;
  tasks: TaskView[];
}
