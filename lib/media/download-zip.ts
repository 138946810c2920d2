import "server-only";
import { database } from "@/lib/db";
import { loadSelection } from "@/lib/db/downloads";
import { downloadEntries } from "./sidecar";
import { mediaStore } from "./store";
import { zipStream } from "./zip";

/** How long a ZIP's link works after it was asked for. */
export const DOWNLOAD_TTL_MS = 60 * 60_000;

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
