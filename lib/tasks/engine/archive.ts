import "server-only";
import { getResults, updateResult, upsertResults, type TaskRow } from "@/lib/db/tasks";
import { log } from "@/lib/log";
import { countArchive } from "@/lib/metrics/record";
import { inSpan } from "@/lib/metrics/tracing";
import { ArchiveError, archiveResult } from "@/lib/media/fetch-result";
import type { Task } from "@/lib/upstream/schemas";
import type { Engine } from "./context";

const MAX_ARCHIVE_ATTEMPTS = 8;

/**
 * Downloads every result of a succeeded task that is not archived yet. The task shows as done in
 * Darkroom only when all are; failures are retried on later polls and shown with their reason, except a
 * 410 (the upstream's copy expired or was deleted), which no retry can mend.
 */
export function archiveTask(engine: Engine, task: TaskRow, data: NonNullable<Task["data"]>) {
  const attributes = { "darkroom.task_id": task.id, "darkroom.submission_id": task.submission_id ?? "", "darkroom.results": data.length };
  return inSpan("darkroom.archive", { attributes }, () => archiveResults(engine, task, data));
}

async function archiveResults(engine: Engine, task: TaskRow, data: NonNullable<Task["data"]>) {
  const { db } = engine.connection;
  await upsertResults(db, { taskId: task.id, urls: data });
  let failure: string | undefined;
  let gone = false;
  for (const result of await getResults(db, { taskId: task.id })) {
    if (result.file) continue;
    try {
      const archived = await archiveResult({
        store: engine.media,
        taskId: task.id,
        idx: result.idx,
        url: result.upstream_url,
        upstreamBaseUrl: engine.upstreamBaseUrl,
      });
      await updateResult(db, {
        taskId: task.id,
        idx: result.idx,
        file: archived.file,
        thumbnail: archived.thumbnail,
        content_type: archived.contentType,
        bytes: archived.bytes,
        width: archived.width,
        height: archived.height,
      });
      countArchive(task.kind, { bytes: archived.bytes });
    } catch (error) {
      failure = error instanceof ArchiveError ? error.message : "The result could not be archived.";
      gone ||= error instanceof ArchiveError && error.gone;
      countArchive(task.kind, { failure: error instanceof ArchiveError && error.gone ? "gone" : "retry" });
      if (!(error instanceof ArchiveError)) log.error({ err: error, taskId: task.id }, "archive failed");
    }
  }
  if (!failure) return { archive_state: "done" as const, archive_error: null };
  const attempts = task.archive_attempts + 1;
  return {
    archive_state: gone || attempts >= MAX_ARCHIVE_ATTEMPTS ? ("failed" as const) : ("pending" as const),
    archive_attempts: attempts,
    archive_error: failure,
  };
}
