import { withUser } from "@/lib/http/handler";
import { mediaResponse } from "@/lib/tasks/results";

// The original bytes; ?download=1 makes it an attachment with a readable name.
export const GET = withUser({}, async ({ request, params }) => mediaResponse(request, String(params.taskId), String(params.index), "file"));
