import { AppError } from "@/lib/errors";
import { validSignature } from "@/lib/gateway/signed-media";
import { methodNotAllowed } from "@/lib/gateway/unrouted";
import { withPublic } from "@/lib/http/handler";
import { mediaResponse } from "@/lib/tasks/results";

// A result's archived copy for a script, by the signed, expiring link its task answered (lib/gateway/signed-media.ts).
export const GET = withPublic({}, async ({ request, params }) => {
  const taskId = String(params.taskId);
  const index = Number(params.index);
  const search = new URL(request.url).searchParams;
  if (!Number.isInteger(index) || !validSignature(taskId, index, search.get("expires"), search.get("signature")))
    throw new AppError("forbidden:signature", "This link is not valid or has expired: read the task again for a fresh one.");
  return mediaResponse(request, taskId, String(index), "file");
});

// Any other method is the API's 405 in its error shape, not Next's empty one.
export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
