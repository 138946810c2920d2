import { z } from "zod";
import { database } from "@/lib/db";
import { loadSelection } from "@/lib/db/downloads";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { prepareDownload } from "@/lib/media/download-zip";

const MAX_TASKS = 500;

const downloadSchema = z
  .object({
    taskIds: z
      .array(z.string().min(1, "A task id cannot be empty.").max(200, "A task id has at most 200 characters."), {
        error: "taskIds is a list of task ids.",
      })
      .min(1, "Select at least one task.")
      .max(MAX_TASKS, `Download at most ${MAX_TASKS} tasks at a time.`),
  })
  .strict();

// Step one of a ZIP download: checks the selection and answers the URL to GET it from (within the hour, by
// the same member). The browser fetches that URL itself, so the ZIP streams to disk with its progress
// shown, instead of piling up in the page's memory. When none of the ids is visible the answer is a 404.
export const POST = withUser({ body: downloadSchema }, async ({ user, body }) => {
  const ids = [...new Set(body.taskIds)];
  const selection = await loadSelection(database().db, ids, { viewerId: user.id });
  if (selection.tasks.length === 0) throw new AppError("not_found:task", "None of the selected tasks exist (or they were hidden).");
  return Response.json({ url: await prepareDownload(user.id, ids), tasks: selection.tasks.length }, { status: 201 });
});
