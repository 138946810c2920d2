import { withUser } from "@/lib/http/handler";
import { mediaResponse } from "@/lib/tasks/results";

// ?w=240: the phones' width (the grid's srcset); any other value, or none, the 480 px thumbnail.
export const GET = withUser({}, async ({ request, params }) =>
  mediaResponse(
    request,
    String(params.taskId),
    String(params.index),
    new URL(request.url).searchParams.get("w") === "240" ? "small-thumbnail" : "thumbnail",
  ),
);
