import { withPublic } from "@/lib/http/handler";
import { sharedMedia } from "@/lib/shares/open";
import { thumbnailVariant } from "@/lib/tasks/results";

// A shared result's thumbnail (?w= as the dashboard's): the page's pictures and its Open Graph preview.
export const GET = withPublic({}, async ({ request, params }) =>
  sharedMedia(request, String(params.id), String(params.taskId), String(params.index), thumbnailVariant(request)),
);
