import "server-only";
import { randomBytes } from "node:crypto";
import { database } from "@/lib/db";
import { deleteDownloadsBefore, insertDownload, loadSelection } from "@/lib/db/downloads";
import { downloadEntries } from "./sidecar";
import { mediaStore } from "./store";
import { zipStream } from "./zip";

/** How long a ZIP's link works after it was asked for. */
export const DOWNLOAD_TTL_MS = 60 * 60_000;

/**
 * Step one of a ZIP download (a gallery selection, a board): stores the ids, in the order the ZIP follows, and
 * answers the URL the same member GETs it from within the hour (app/api/downloads/[id]).
 */
export async function prepareDownload(userId: string, ids: string[]): Promise<string> {
  const now = Date.now();
  const id = randomBytes(18).toString("base64url");
  await deleteDownloadsBefore(database().db, { before: new Date(now - DOWNLOAD_TTL_MS).toISOString() });
  await insertDownload(database().db, { id, user_id: userId, task_ids: JSON.stringify(ids), created_at: new Date(now).toISOString() });
  return `/api/downloads/${id}`;
}

/** The selected tasks' archived results, a JSON sidecar per task and index.csv, as a ZIP streamed while it is built. */
export async function zipResponse(ids: string[], { signal, viewerId }: { signal: AbortSignal; viewerId: string }): Promise<Response> {
  const selection = await loadSelection(database().db, ids, { viewerId });
  const entries = await downloadEntries(mediaStore(), ids, selection);
  const filename = `darkroom-${new Date().toISOString().slice(0, 10)}-${selection.tasks.length}-tasks.zip`;
  return new Response(zipStream(entries, { signal }), {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
