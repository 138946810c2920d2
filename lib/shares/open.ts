import "server-only";
import { hashToken } from "@/lib/auth/token-hash";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { countShareView, openableShareLink, sharedTasks } from "@/lib/db/share-links";
import { AppError } from "@/lib/errors";
import { recordRequest } from "@/lib/http/request-window";
import { PREVIEW_WIDTH } from "@/lib/media/widths";
import { tasksLinkShows, type SharedSubject } from "@/lib/policy/share";
import type { SharedPageView } from "@/lib/schemas/share-links";
import { mediaResponse, type MediaVariant } from "@/lib/tasks/results";
import { SHARE_TOKEN_PATTERN } from "./links";
import { SHARE_REFUSED_MESSAGE } from "./refusal";
import { checkShareRate, shareRateKey } from "./rate-limit";

// Opening a share link, with no account: the page's data and its media, each read from the database on every
// request (a revoked link is refused at once, on every instance), each showing only what the link's maker could
// see now (lib/policy/share.ts, asked by both). What leaves here is the media, served from Darkroom's archive,
// and the prompt when the sharer chose so: never credits, members, other tasks or the upstream's URLs.

const refused = () => new AppError("not_found:share_link", SHARE_REFUSED_MESSAGE);

/** The live link a token names (not revoked, not expired), with what it names. */
async function openable(token: string) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  const link = await openableShareLink(database().db, { tokenHash: hashToken(token), at: new Date().toISOString() });
  if (!link) return undefined;
  // A board's link names the board, followed as it is when opened; a task link, its list.
  const subject: SharedSubject = {
    userId: link.user_id,
    boardId: link.board_id,
    taskIds: link.board_id ? [] : (JSON.parse(link.task_ids) as string[]),
  };
  return { ...link, subject };
}

const base = (token: string, taskId: string, index: number) => `/s/${token}/media/${encodeURIComponent(taskId)}/${index}`;

/** The shared page's data; counts the view (the first one in the audit log). Throws not_found or rate_limited. */
export async function openSharedPage(token: string, headers: Headers): Promise<SharedPageView> {
  const key = shareRateKey(headers);
  await checkShareRate(key);
  await recordRequest(key);
  const link = await openable(token);
  if (!link) throw refused();
  const { db } = database();
  const taskIds = await tasksLinkShows(db, link.subject);
  if (taskIds.length === 0) throw refused();
  const { tasks, results } = await sharedTasks(db, { ids: taskIds });
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const shown = taskIds.flatMap((id) => {
    const task = byId.get(id);
    const own = results.filter((result) => result.task_id === id);
    if (!task || own.length === 0) return [];
    return [
      {
        id: task.id,
        kind: task.kind,
        prompt: link.show_prompt ? task.prompt : null,
        results: own.map((result) => ({
          index: result.idx,
          contentType: result.content_type,
          width: result.width,
          height: result.height,
          fileUrl: base(token, task.id, result.idx),
          previewUrl: `${base(token, task.id, result.idx)}/thumbnail?w=${PREVIEW_WIDTH}`,
          thumbnailUrl: `${base(token, task.id, result.idx)}/thumbnail`,
        })),
      },
    ];
  });
  // Nothing with an archived result left: refused, as a link that shows nothing.
  if (shown.length === 0) throw refused();
  if ((await countShareView(db, { id: link.id, at: new Date().toISOString() })) === 1)
    await recordAudit(db, { actorId: link.user_id, action: "share_link.first_view", subjectId: link.id });
  return { tasks: shown, expiresAt: link.expires_at };
}

/**
 * One shared result (or its thumbnail), with byte ranges, for whoever holds the link. The query string is
 * dropped but for the thumbnail's width: ?download=1 would name the file after the prompt.
 */
export async function sharedMedia(
  request: Request,
  token: string,
  taskId: string,
  index: string,
  variant: MediaVariant,
): Promise<Response> {
  const key = shareRateKey(request.headers);
  await checkShareRate(key);
  const link = await openable(token);
  const visible = link !== undefined && (await tasksLinkShows(database().db, link.subject, [taskId])).length === 1;
  if (!visible) {
    await recordRequest(key);
    throw refused();
  }
  const url = new URL(request.url);
  const range = request.headers.get("range");
  const response = await mediaResponse(
    new Request(`${url.origin}${url.pathname}`, { headers: range ? { range } : {} }),
    taskId,
    index,
    variant,
  );
  // Not kept by the browser: once the link is revoked, its media should not be at hand.
  response.headers.set("Cache-Control", "no-store");
  return response;
}
