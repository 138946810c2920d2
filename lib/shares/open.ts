import "server-only";
import { hashToken } from "@/lib/auth/token-hash";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { countShareView, openableShareLink, sharedTasks } from "@/lib/db/share-links";
import { AppError } from "@/lib/errors";
import { recordRequest } from "@/lib/http/request-window";
import { zipOf } from "@/lib/media/download-zip";
import { EXTENSION } from "@/lib/media/paths";
import { attachment, downloadName, fileSlug } from "@/lib/media/serve";
import { mediaStore } from "@/lib/media/store";
import { PREVIEW_WIDTH } from "@/lib/media/widths";
import type { ZipEntry } from "@/lib/media/zip";
import { modelLabel } from "@/lib/models/labels";
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
  return { ...link, show_prompt: Boolean(link.show_prompt), subject };
}

const base = (token: string, taskId: string, index: number) => `/s/${token}/media/${encodeURIComponent(taskId)}/${index}`;

type Link = NonNullable<Awaited<ReturnType<typeof openable>>>;

/** What the link shows now, in its order: each task with at least one archived result. Refused when nothing. */
async function contents(link: Link) {
  const { db } = database();
  const taskIds = await tasksLinkShows(db, link.subject);
  if (taskIds.length === 0) throw refused();
  const { tasks, results } = await sharedTasks(db, { ids: taskIds });
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const shown = taskIds.flatMap((id) => {
    const task = byId.get(id);
    const own = results.filter((result) => result.task_id === id);
    return task && own.length ? [{ task, results: own }] : [];
  });
  // Nothing with an archived result left: refused, as a link that shows nothing.
  if (shown.length === 0) throw refused();
  return shown;
}

type Shown = Awaited<ReturnType<typeof contents>>;

/** The page's heading and the ZIP's name: the board's name, the one task's prompt (when shown) or model, or a count. */
function titleOf(link: Link, shown: Shown): string {
  if (link.board_id && link.board_name?.trim()) return link.board_name.trim();
  const count = shown.reduce((sum, { results }) => sum + results.length, 0);
  if (shown.length > 1) return `${count} shared results`;
  const { task } = shown[0]!;
  const prompt = link.show_prompt ? task.prompt?.trim().split("\n")[0] : undefined;
  if (prompt) return prompt.length > 80 ? `${prompt.slice(0, 79).trimEnd()}…` : prompt;
  return `${modelLabel(task.model)} ${task.kind === "video" ? "video" : count === 1 ? "image" : "images"}`;
}

/** A result's file name in a download: its model, date and, when the link shows it, its prompt. */
const fileName = (link: Link, task: Shown[number]["task"], index: number, contentType: string | null) =>
  downloadName({
    model: task.model,
    createdAt: task.created_at,
    prompt: link.show_prompt ? task.prompt : null,
    taskId: task.id,
    index,
    ext: EXTENSION[contentType ?? ""] ?? "bin",
  });

/** Opens the link for one request (page, media or ZIP): rate-limited, refused unless live. */
async function openLink(token: string, headers: Headers, { count }: { count: boolean }): Promise<Link> {
  const key = shareRateKey(headers);
  await checkShareRate(key);
  const link = await openable(token);
  // A page view counts toward the limit; a media request only when refused (a page loads many).
  if (count || !link) await recordRequest(key);
  if (!link) throw refused();
  return link;
}

/** The shared page's data; counts the view (the first one in the audit log). Throws not_found or rate_limited. */
export async function openSharedPage(token: string, headers: Headers): Promise<SharedPageView> {
  const link = await openLink(token, headers, { count: true });
  const shown = await contents(link);
  const { db } = database();
  if ((await countShareView(db, { id: link.id, at: new Date().toISOString() })) === 1)
    await recordAudit(db, { actorId: link.user_id, action: "share_link.first_view", subjectId: link.id });
  return {
    title: titleOf(link, shown),
    board: link.board_id !== null,
    expiresAt: link.expires_at,
    downloadUrl: `/s/${token}/download`,
    tasks: shown.map(({ task, results }) => ({
      id: task.id,
      kind: task.kind,
      model: modelLabel(task.model),
      prompt: link.show_prompt ? task.prompt : null,
      createdAt: task.created_at,
      results: results.map((result) => ({
        index: result.idx,
        contentType: result.content_type,
        width: result.width,
        height: result.height,
        fileUrl: base(token, task.id, result.idx),
        downloadUrl: `${base(token, task.id, result.idx)}?download=1`,
        previewUrl: `${base(token, task.id, result.idx)}/thumbnail?w=${PREVIEW_WIDTH}`,
        thumbnailUrl: `${base(token, task.id, result.idx)}/thumbnail`,
      })),
    })),
  };
}

/**
 * Everything the link shows as one ZIP named after its title: the media only (no sidecar or index: those carry
 * members and credits, which a link never shows), streamed as it is built.
 */
export async function sharedZip(request: Request, token: string): Promise<Response> {
  const link = await openLink(token, request.headers, { count: true });
  const shown = await contents(link);
  const store = mediaStore();
  const entries: ZipEntry[] = [];
  for (const { task, results } of shown)
    for (const result of results) {
      const key = result.file;
      // Checked now: a file missing mid-stream would break the whole ZIP.
      if (key && (await store.exists(key)))
        entries.push({ name: fileName(link, task, result.idx, result.content_type), open: () => store.get(key) });
    }
  if (entries.length === 0) throw refused();
  const title = titleOf(link, shown);
  return zipOf(entries, attachment(`${title}.zip`, `${fileSlug(title, 80) || "darkroom-shared"}.zip`), request.signal);
}

/**
 * One shared result (or its thumbnail), with byte ranges, for whoever holds the link; with ?download=1 as an
 * attachment, named after the prompt only when the link shows it.
 */
export async function sharedMedia(
  request: Request,
  token: string,
  taskId: string,
  index: string,
  variant: MediaVariant,
): Promise<Response> {
  const link = await openLink(token, request.headers, { count: false });
  if ((await tasksLinkShows(database().db, link.subject, [taskId])).length !== 1) {
    await recordRequest(shareRateKey(request.headers));
    throw refused();
  }
  const url = new URL(request.url);
  const download = variant === "file" && url.searchParams.get("download") === "1";
  const range = request.headers.get("range");
  const response = await mediaResponse(
    new Request(`${url.origin}${url.pathname}`, { headers: range ? { range } : {} }),
    taskId,
    index,
    variant,
    { download, showPrompt: link.show_prompt },
  );
  // Not kept by the browser: once the link is revoked, its media should not be at hand.
  response.headers.set("Cache-Control", "no-store");
  return response;
}
