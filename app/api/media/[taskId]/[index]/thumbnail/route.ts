import { withUser } from "@/lib/http/handler";
import { mediaResponse, thumbnailVariant } from "@/lib/tasks/results";

// ?w=240 or ?w=1280 for the other stored widths (lib/tasks/results.ts).
export const GET = withUser({}, async ({ request, params }) =>
  mediaResponse(request, String(params.taskId), String(params.index), thumbnailVariant(request)),
);
