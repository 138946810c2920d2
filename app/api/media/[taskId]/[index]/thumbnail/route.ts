import { withUser } from "@/lib/http/handler";
import { PREVIEW_WIDTH, SMALL_THUMBNAIL_WIDTH } from "@/lib/media/widths";
import { mediaResponse, type MediaVariant } from "@/lib/tasks/results";

// ?w=240: the phones' width (the grid's srcset); ?w=1280: the task page's fitted view of an image; any other
// value, or none, the 480 px thumbnail.
const WIDTHS = new Map<string | null, MediaVariant>([
  [String(SMALL_THUMBNAIL_WIDTH), SMALL_THUMBNAIL_WIDTH],
  [String(PREVIEW_WIDTH), PREVIEW_WIDTH],
]);

export const GET = withUser({}, async ({ request, params }) =>
  mediaResponse(
    request,
    String(params.taskId),
    String(params.index),
    WIDTHS.get(new URL(request.url).searchParams.get("w")) ?? "thumbnail",
  ),
);
