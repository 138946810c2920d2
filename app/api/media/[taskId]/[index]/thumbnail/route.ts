import { withUser } from "@/lib/http/handler";
import { mediaResponse } from "@/lib/tasks/results";

export const GET = withUser({}, async ({ request, params }) =>
  mediaResponse(request, String(params.taskId), String(params.index), "thumbnail"),
);
