import "server-only";
import type { Updateable } from "kysely";
import { getSubmission } from "@/lib/db/submissions";
import type { TaskTable } from "@/lib/db/schema";
import type { TaskRow } from "@/lib/db/tasks";
import { countCredits, metricsOn, observeLatency } from "@/lib/metrics/record";
import type { Engine } from "./context";

const live = (status: string) => status === "pending" || status === "processing";

/**
 * What a poll's write changed, counted once by the process whose lease wrote it: credits as the ledger counts
 * them, and the stages a submission reached (terminal, archived), timed from when it was submitted.
 */
export async function recordPollWrite(engine: Engine, before: TaskRow, patch: Updateable<TaskTable>): Promise<void> {
  if (!metricsOn()) return;
  const after = { ...before, ...patch } as TaskRow;
  const labels = { model: before.model, kind: before.kind };
  countCredits(labels, before, after);
  const ended = live(before.status) && !live(after.status);
  const archived = before.archive_state !== "done" && after.archive_state === "done";
  if (!ended && !archived) return;
  // Imported tasks have no submission: their stages began elsewhere and are not timed.
  const submission = before.submission_id ? await getSubmission(engine.connection.db, { id: before.submission_id }) : undefined;
  if (!submission) return;
  if (ended) observeLatency(labels, "terminal", submission.created_at, engine.now());
  if (archived) observeLatency(labels, "archived", submission.created_at, engine.now());
}
