import "server-only";
import { randomBytes } from "node:crypto";
import { database } from "@/lib/db";
import { deleteDownloadsBefore, insertDownload, loadSelection } from "@/lib/db/downloads";
import { attachment, fileSlug } from "./serve";
import { downloadEntries } from "./sidecar";
import { mediaStore } from "./store";
import { zipStream, type ZipEntry } from "./zip";

/** How long a ZIP's link works after it was asked for. */
export const DOWNLOAD_TTL_MS = 60 * 60_000;

/**
 * Step one of a ZIP download (a gallery selection, a board): stores the ids, in the order the ZIP follows, and
 * what to name it after (a board's name), and answers the URL the same member GETs it from within the hour
 * (app/api/downloads/[id]).
 */
export async function prepareDownload(userId: string, ids: string[], name: string | null = null): Promise<string> {
  const now = Date.now();
  const id = randomBytes(18).toString("base64url");
  await deleteDownloadsBefore(database().db, { before: new Date(now - DOWNLOAD_TTL_MS).toISOString() });
  await insertDownload(database().db, {
    id,
    user_id: userId,
    task_ids: JSON.stringify(ids),
    created_at: new Date(now).toISOString(),
    name,
  });
  return `/api/downloads/${id}`;
}

/**
 * The ZIP's Content-Disposition: named after what it holds ("Moodboard 🌊.zip", with "moodboard.zip" for old
 * clients), else dated with its count ("darkroom-2026-11-28-4-tasks.zip").
 */
export function zipAttachment(name: string | null, count: number): string {
  const dated = `darkroom-${new Date().toISOString().slice(0, 10)}-${count}-tasks.zip`;
  if (!name?.trim()) return attachment(dated);
  return attachment(`${name.trim()}.zip`, `${fileSlug(name, 80) || "darkroom-board"}.zip`);
}

/** The selected tasks' archived results, a JSON sidecar per task and index.csv, as a ZIP streamed while it is built. */
export async function zipResponse(
  ids: string[],
  { signal, viewerId, name }: { signal: AbortSignal; viewerId: string; name: string | null },
): Promise<Response> {
  const selection = await loadSelection(database().db, ids, { viewerId });
  const entries = await downloadEntries(mediaStore(), ids, selection);
  return zipOf(entries, zipAttachment(name, selection.tasks.length), signal);
}

/** A ZIP of `entries`, streamed as it is built, never cached. */
export function zipOf(entries: ZipEntry[], disposition: string, signal: AbortSignal): Response {
  return new Response(zipStream(entries, { signal }), {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": disposition,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
