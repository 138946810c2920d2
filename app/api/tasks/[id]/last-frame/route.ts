import { database } from "@/lib/db";
import { getResults, getTaskRow } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { lastFrameOfArchived } from "@/lib/media/last-frame";
import { assertUploadsAvailable, saveUpload } from "@/lib/media/uploads/service";
import { lastFrameBody } from "@/lib/schemas/last-frame";

/**
 * "Use last frame": the last frame of an archived video result, stored as the member's upload (the same uploads
 * the forms make, with the same expiring link), so the form can put it in a first frame or a reference field.
 */
export const POST = withUser({ role: "member", body: lastFrameBody }, async ({ params, body, user }) => {
  assertUploadsAvailable();
  const taskId = String(params.id);
  const task = await getTaskRow(database().db, { id: taskId });
  if (!task) throw new AppError("not_found:task", "No task with this id in Darkroom.");
  const result = (await getResults(database().db, { taskId })).find((row) => row.idx === body.index);
  if (task.status !== "succeeded" || !result?.file || !result.content_type?.startsWith("video/"))
    throw new AppError(
      "conflict:last_frame",
      "Only an archived video result has a last frame. Wait until the video is in Darkroom’s archive, then try again.",
    );
  let frame: Buffer;
  try {
    frame = await lastFrameOfArchived(result.file);
  } catch {
    throw new AppError("conflict:last_frame", "Darkroom could not read the last frame of this video. Try Remix or Extend instead.");
  }
  const upload = await saveUpload({ userId: user.id, bytes: frame, name: `${taskId}-last-frame.png` });
  return Response.json(upload, { status: 201 });
});
