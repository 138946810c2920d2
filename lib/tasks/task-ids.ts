import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/db/schema";
import { getSubmission, type Submission } from "@/lib/db/submissions";
import { getListedTask, type ListedTask } from "@/lib/db/task-list";
import { getTaskRow } from "@/lib/db/tasks";

// One task, one id (issue 44). The gateway answers a creation at once, while the task waits in Darkroom's queue
// and the API has no id for it yet, so a task a script made through the gateway goes by the gateway's id,
// `task_` and its submission's id, for good: in the gateway's answers, the gallery, its page's address and header,
// live updates and the exports. Every other task goes by the API's id, as it always has. Darkroom's own records
// and routes (tasks.id, /api/media, boards, share links) keep the API's id underneath; the views carry both
// (TaskView.id and TaskView.publicId), and a page or a script may name a task by either: both resolve here.

const GATEWAY_ID_PREFIX = "task_";

export const gatewayId = (submissionId: string) => `${GATEWAY_ID_PREFIX}${submissionId}`;

/** The submission id inside a gateway id (or inside any `task_…` id: whether it names one is the database's to say). */
export const submissionIdOf = (id: string) => (id.startsWith(GATEWAY_ID_PREFIX) ? id.slice(GATEWAY_ID_PREFIX.length) : null);

/** A task's id for people and scripts, given its row and the submission a script made it through (lib/db/task-list.ts). */
export const publicTaskId = (task: { id: string; gateway_submission_id?: string | null }) =>
  task.gateway_submission_id ? gatewayId(task.gateway_submission_id) : task.id;

/** The same id, told from the submission: a script's (or one the API has not taken yet) by the gateway's id, else the API's. */
export const publicIdOfSubmission = (submission: Pick<Submission, "id" | "token_id" | "task_id">) =>
  submission.token_id !== null || submission.task_id === null ? gatewayId(submission.id) : submission.task_id;

/** The task a page names, by the API's id or by the gateway's (once the queue has sent it: before, there is no task). */
export async function findListedTask(db: Kysely<Database>, id: string): Promise<ListedTask | undefined> {
  const row = await getListedTask(db, { id });
  if (row) return row;
  const submissionId = submissionIdOf(id);
  const submission = submissionId ? await getSubmission(db, { id: submissionId }) : undefined;
  return submission?.task_id ? getListedTask(db, { id: submission.task_id }) : undefined;
}

/** The submission a script names, by the gateway's id or by the API's id of its task (a task imported by id has none). */
export async function findSubmission(db: Kysely<Database>, id: string): Promise<Submission | undefined> {
  const submissionId = submissionIdOf(id);
  const submission = submissionId ? await getSubmission(db, { id: submissionId }) : undefined;
  if (submission) return submission;
  const task = await getTaskRow(db, { id });
  return task?.submission_id ? getSubmission(db, { id: task.submission_id }) : undefined;
}
