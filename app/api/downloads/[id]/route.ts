import { database } from "@/lib/db";
import { getDownload } from "@/lib/db/downloads";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { DOWNLOAD_TTL_MS, zipResponse } from "@/lib/media/download-zip";

// Step two: the ZIP itself, streamed as it is built. Unknown or hidden ids are left out and listed in
// index.csv as "missing".
export const GET = withUser({}, async ({ request, user, params }) => {
  const download = await getDownload(database().db, { id: String(params.id) });
  const fresh = download && download.user_id === user.id && Date.now() - Date.parse(download.created_at) < DOWNLOAD_TTL_MS;
  if (!fresh) throw new AppError("not_found:download", "This download link has expired. Select the tasks and download them again.");
  return zipResponse(JSON.parse(download.task_ids) as string[], { signal: request.signal, viewerId: user.id, name: download.name });
});
