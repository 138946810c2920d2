import { z } from "zod";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { withUser } from "@/lib/http/handler";
import { downloadEntries, loadSelection } from "@/lib/storage/sidecar";
import { zipStream } from "@/lib/storage/zip";

const MAX_TASKS = 500;

const downloadSchema = z
  .object({
    taskIds: z
      .array(z.string().min(1, "A task id cannot be empty.").max(200, "A task id has at most 200 characters."), { error: "taskIds is a list of task ids." })
      .min(1, "Select at least one task.")
      .max(MAX_TASKS, `Download at most ${MAX_TASKS} tasks at a time.`),
  })
  .strict();

// A ZIP of the selected tasks' archived results, each with a JSON sidecar, plus index.csv. Streamed as it
// is built, so 500 videos cost the server a few buffers, not their size. Unknown or hidden ids are left
// out of the ZIP and listed in index.csv as "missing"; when none of the ids is visible the answer is a 404.
export const POST = withUser({ body: downloadSchema }, async ({ request, body }) => {
  const ids = [...new Set(body.taskIds)];
  const selection = await loadSelection(db(), ids);
  if (selection.tasks.length === 0) throw new AppError("not_found:task", "None of the selected tasks exist (or they were hidden).");
  const entries = await downloadEntries(ids, selection);
  const filename = `darkroom-${new Date().toISOString().slice(0, 10)}-${selection.tasks.length}-tasks.zip`;
  return new Response(zipStream(entries, { signal: request.signal }), {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
