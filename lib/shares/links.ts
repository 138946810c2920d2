import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { hashToken } from "@/lib/auth/token-hash";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { loadSelection } from "@/lib/db/downloads";
import { insertShareLink, listShareLinks, revokeShareLink } from "@/lib/db/share-links";
import { visibleBoard, visibleBoardTaskIds } from "@/lib/boards/boards";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/members/roles";
import { SHARE_EXPIRIES, type ShareExpiry, type ShareLinkView } from "@/lib/schemas/share-links";

// Share links: a member's read-only link to tasks they can see, or to a board they can see (the gallery's rule: hidden neither for the
// team nor by them), opened with no account at /s/<token> (lib/shares/open.ts). The token is 18 random
// bytes (144 bits), shown once in the link; only its sha256 is stored, so the database cannot give a link
// away. Creation and revocation are in the audit log; the first view too (lib/shares/open.ts).

/** The part of a link after /s/: base64url, 24 characters. */
export const SHARE_TOKEN_PATTERN = /^[\w-]{24}$/;

export async function createShareLink(
  user: SessionUser,
  input: { taskIds?: string[]; boardId?: string; expiry: ShareExpiry; showPrompt: boolean },
): Promise<{ token: string; view: ShareLinkView }> {
  const { db } = database();
  const board = input.boardId === undefined ? null : await visibleBoard(user, input.boardId);
  // A board's link follows the board (lib/shares/open.ts); what it shows now must be shareable now too.
  const taskIds = board ? await visibleBoardTaskIds(user, board.id) : [...new Set(input.taskIds ?? [])];
  if (board && taskIds.length === 0)
    throw new AppError("conflict:share_board_empty", "This board has no result you can see yet: add some before sharing it.");
  const selection = await loadSelection(db, taskIds, { viewerId: user.id });
  if (selection.tasks.length !== taskIds.length)
    throw new AppError(
      "not_found:task",
      taskIds.length === 1
        ? "No task with this id in your gallery: it does not exist, or it is hidden."
        : "Some of these tasks are not in your gallery: they do not exist, or they are hidden. Share the others.",
    );
  const unarchived = taskIds.filter((id) => !selection.results.get(id)?.length);
  if (unarchived.length)
    throw new AppError(
      "conflict:share_not_archived",
      taskIds.length === 1
        ? "This task has no result in Darkroom's archive yet: share it once it has finished."
        : `${unarchived.length} of these tasks have no result in Darkroom's archive yet: share them once they have finished.`,
    );
  const now = new Date();
  const at = now.toISOString();
  const ms = SHARE_EXPIRIES[input.expiry].ms;
  const expiresAt = ms === null ? null : new Date(now.getTime() + ms).toISOString();
  const token = randomBytes(18).toString("base64url");
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertShareLink(trx, {
      id,
      tokenHash: hashToken(token),
      userId: user.id,
      taskIds: board ? [] : taskIds,
      boardId: board?.id ?? null,
      showPrompt: input.showPrompt,
      at,
      expiresAt,
    });
    await recordAudit(trx, {
      actorId: user.id,
      action: "share_link.create",
      subjectId: id,
      detail: board ? { boardId: board.id, expiresAt, showPrompt: input.showPrompt } : { taskIds, expiresAt, showPrompt: input.showPrompt },
    });
  });
  return {
    token,
    view: {
      id,
      owner: { id: user.id, name: user.name },
      taskIds: board ? [] : taskIds,
      board: board ? { id: board.id, name: board.name } : null,
      showPrompt: input.showPrompt,
      createdAt: at,
      expiresAt,
      views: 0,
      lastViewedAt: null,
    },
  };
}

/** The member's live links and the others' links to their boards and tasks (lib/db/share-links.ts); an admin's: everyone's. */
export async function shareLinksOf(user: SessionUser): Promise<ShareLinkView[]> {
  const rows = await listShareLinks(database().db, { concerning: roleAtLeast(user.role, "admin") ? undefined : user.id });
  return rows.map((row) => ({
    id: row.id,
    owner: { id: row.user_id, name: row.user_name },
    taskIds: JSON.parse(row.task_ids) as string[],
    board: row.board_id ? { id: row.board_id, name: row.board_name } : null,
    showPrompt: Boolean(row.show_prompt),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    views: Number(row.views),
    lastViewedAt: row.last_viewed_at,
  }));
}

/**
 * Takes effect at once on every instance: each open reads the link from the database. By its maker, the owner of
 * the board or of any task it shares, or an admin (the list's rule); to anyone else it is not there (404).
 */
export async function revokeShare(user: SessionUser, id: string): Promise<void> {
  const { db } = database();
  const revoked = await revokeShareLink(db, {
    id,
    concerning: roleAtLeast(user.role, "admin") ? undefined : user.id,
    at: new Date().toISOString(),
  });
  if (!revoked)
    throw new AppError(
      "not_found:share_link",
      "No live share link with this id that you made or that shares your board or tasks: it may have been revoked already. Reload Settings to see the live ones.",
    );
  await recordAudit(db, { actorId: user.id, action: "share_link.revoke", subjectId: id });
}
