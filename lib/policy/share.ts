import "server-only";
import type { Kysely } from "kysely";
import { boardTaskIds, getBoard } from "@/lib/db/boards";
import type { Database } from "@/lib/db/schema";
import { getMember } from "@/lib/db/users";
import { roleAtLeast } from "@/lib/members/roles";
import { maySeeBoard, memberViewer, tasksVisibleTo } from "./see";

// A share link lends its maker's sight to whoever holds it, so each time it is opened (the page, and every one
// of its media requests: lib/shares/open.ts) it shows only what its maker could see and share now (issue 44): a
// board made private, a task hidden for the team or by the maker, a maker disabled or removed, each stops the
// link, or its part, at the next request. Who lists and revokes a link is in lib/db/share-links.ts (`concerning`).

/** What a link names: its maker, and a board (followed as it is now) or a list of tasks. */
export interface SharedSubject {
  userId: string;
  boardId: string | null;
  taskIds: string[];
}

/**
 * The tasks the link may show now, in its order, among `among` when given (one media request asks about its
 * task only); none when the link shows nothing. The rule every share route asks, and the only one.
 */
export async function tasksLinkShows(db: Kysely<Database>, link: SharedSubject, among?: readonly string[]): Promise<string[]> {
  const maker = await getMember(db, { id: link.userId });
  // A viewer may look but not share (POST /api/share-links asks for a member): a maker made a viewer stops
  // sharing what they made links to, as they could not make them again; a disabled one shares nothing.
  if (!maker || maker.disabled || !roleAtLeast(maker.role, "member")) return [];
  let ids = link.taskIds;
  if (link.boardId !== null) {
    const board = await getBoard(db, { id: link.boardId });
    if (!board || !maySeeBoard(maker, board)) return [];
    ids = await boardTaskIds(db, { boardId: board.id });
  }
  if (among) ids = ids.filter((id) => among.includes(id));
  // The gallery's rule, as the maker's board page applies it: hidden neither for the team nor by the maker.
  const seen = await tasksVisibleTo(db, memberViewer(maker), ids);
  return ids.filter((id) => seen.has(id));
}
