import "server-only";
import type { Kysely } from "kysely";
import type { SessionUser } from "@/lib/auth/session";
import { fromDbBool } from "@/lib/db/booleans";
import type { Database } from "@/lib/db/schema";
import { tasksSeenBy } from "@/lib/db/task-hides";
import { roleAtLeast } from "@/lib/members/roles";

// What a principal may see, asked wherever something is shown or used: the gallery's rule for a member (a task
// hidden neither for the team nor by them), a script's rule for a token (only its member's own tasks, as the
// upstream shows an account only its own), a board's rule (the team's boards, one's own private ones, all of
// them for an admin). Share links open only while their maker still sees what they share (lib/shares/open.ts),
// and an input named by reference resolves only if its caller sees the task (lib/tasks/result-references.ts).

/** Who is looking: a signed-in member, or a script through one of a member's tokens. */
export type Viewer = { kind: "member"; user: SessionUser } | { kind: "token"; user: SessionUser };

export const memberViewer = (user: SessionUser): Viewer => ({ kind: "member", user });

/** The ids among `ids` that `viewer` may see now (an unknown id is not among them). */
export async function tasksVisibleTo(db: Kysely<Database>, viewer: Viewer, ids: string[]): Promise<Set<string>> {
  return tasksSeenBy(db, {
    ids: [...new Set(ids)],
    viewerId: viewer.user.id,
    madeBy: viewer.kind === "token" ? viewer.user.id : undefined,
  });
}

export interface BoardFacts {
  created_by: string;
  team_visible: number | boolean;
}

const isAdmin = (user: Pick<SessionUser, "role">) => roleAtLeast(user.role, "admin");

/** A board is changed by its maker or an admin. */
export const mayEditBoard = (user: Pick<SessionUser, "id" | "role">, board: BoardFacts) => board.created_by === user.id || isAdmin(user);

/** A board is seen by everyone while the team sees it, else by its maker and the admins. */
export const maySeeBoard = (user: Pick<SessionUser, "id" | "role">, board: BoardFacts) =>
  fromDbBool(board.team_visible) || mayEditBoard(user, board);

/** A batch is seen by the team, as its tasks are in the gallery; a script sees only its own member's batches. */
export const maySeeBatch = (viewer: Viewer, batch: { user_id: string }) => viewer.kind === "member" || batch.user_id === viewer.user.id;

/** A batch is paused, resumed, cancelled or retried by its member or an admin, while they may generate. */
export const mayChangeBatch = (user: Pick<SessionUser, "id" | "role">, batch: { user_id: string }) =>
  roleAtLeast(user.role, "member") && (batch.user_id === user.id || isAdmin(user));
