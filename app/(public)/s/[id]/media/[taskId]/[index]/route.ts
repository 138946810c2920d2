import { withPublic } from "@/lib/http/handler";
import { sharedMedia } from "@/lib/shares/open";

// A shared result from Darkroom's archive, with byte ranges, for whoever holds the link (no session).
export const GET = withPublic({}, async ({ request, params }) =>
  sharedMedia(request, String(params.id), String(params.taskId), String(params.index), "file"),
);
