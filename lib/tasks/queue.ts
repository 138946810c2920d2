import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { deleteInstanceValue, getInstanceValue, setInstanceValue } from "@/lib/db/instance";
import { accessTokenNames } from "@/lib/db/access-tokens";
import {
  getSubmission,
  listCancelledWith,
  listNeedingAttention,
  listQueued,
  lowestPosition,
  type Submission,
  updateQueued,
} from "@/lib/db/submissions";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/members/roles";
import { WITHDRAWN_CODES } from "@/lib/policy/withdraw";
import { QUEUE_PAUSED } from "./engine/dispatch";
import { getAuthHold } from "./engine/holds";
import { kickEngine } from "./engine/loop";
import { keyIdOf } from "./engine/rate-budget";
import { attentionReason, explainQueue } from "./queue-reasons";
import { submissionView, type SubmissionView } from "./task-views";

export interface QueueState {
  paused: boolean;
  /** The upstream refused the key: the queue waits and rechecks by itself. Admins get the reason. */
  held: { message: string | null; since: string } | null;
  /** The first QUEUE_SHOWN waiting submissions in dispatch order, each with its reason and, where one can tell, when it should be sent. */
  submissions: SubmissionView[];
  /** How many wait in all: a batch may queue thousands, and pages show the first ones and this count. */
  waiting: number;
  /** Submissions held for a person's decision (not in line): shown with the queue so they are not forgotten. */
  attention: SubmissionView[];
  /**
   * Submissions the rules cancelled before sending in the last day (a token revoked or over its cap, a member
   * disabled or made a viewer), each with its reason: one's own, or everyone's for an admin.
   */
  withdrawn: SubmissionView[];
}

const ATTENTION_SHOWN = 20;
export const QUEUE_SHOWN = 50;
const WITHDRAWN_SHOWN_MS = 86_400_000;

/** The context the reasons are read in: this instance's database, its API key's budget, the time now. */
const context = () => ({
  connection: database(),
  keyId: env.GENERATION_API_KEY ? keyIdOf(env.GENERATION_API_KEY) : undefined,
  now: new Date(),
});

export async function queueState(user?: SessionUser): Promise<QueueState> {
  const queued = await listQueued(database().db);
  const waiting = queued.slice(0, QUEUE_SHOWN);
  const hold = await getAuthHold({ connection: database() });
  const admin = user !== undefined && roleAtLeast(user.role, "admin");
  const now = context();
  const explained = await explainQueue(now, waiting);
  const attention = await listNeedingAttention(database().db, { limit: ATTENTION_SHOWN });
  const withdrawn = user
    ? await listCancelledWith(database().db, {
        codes: [...WITHDRAWN_CODES],
        since: new Date(now.now.getTime() - WITHDRAWN_SHOWN_MS).toISOString(),
        userId: admin ? undefined : user.id,
        limit: ATTENTION_SHOWN,
      })
    : [];
  const tokens = await accessTokenNames(database().db, {
    ids: [...new Set([...waiting, ...attention, ...withdrawn].flatMap((s) => s.token_id ?? []))],
  });
  const via = (s: Submission) => ({ viaToken: s.token_id ? (tokens.get(s.token_id) ?? null) : null });
  return {
    paused: Boolean(await getInstanceValue(database().db, { key: QUEUE_PAUSED })),
    held: hold ? { message: admin ? hold.message : null, since: hold.since } : null,
    submissions: waiting.map((s, i) => ({ ...submissionView(s, i + 1), ...via(s), ...explained.get(s.id) })),
    waiting: queued.length,
    attention: attention.map((s) => ({ ...submissionView(s), ...via(s), ...attentionReason(now.now) })),
    withdrawn: withdrawn.map((s) => ({ ...submissionView(s), ...via(s) })),
  };
}

export async function submissionWithPosition(id: string): Promise<SubmissionView> {
  const submission = await getSubmission(database().db, { id });
  if (!submission) throw new AppError("not_found:submission", "No submission with this id.");
  if (submission.state === "attention") return { ...submissionView(submission), ...attentionReason(new Date()) };
  if (submission.state !== "queued" && submission.state !== "sending") return submissionView(submission);
  const waiting = await listQueued(database().db);
  const explained = await explainQueue(context(), waiting);
  return { ...submissionView(submission, waiting.findIndex((s) => s.id === id) + 1 || null), ...explained.get(id) };
}

/** Only the member who submitted it, or an admin, may reorder or cancel a waiting submission. */
async function ownQueued(user: SessionUser, id: string) {
  const submission = await getSubmission(database().db, { id });
  if (!submission) throw new AppError("not_found:submission", "No submission with this id.");
  if (submission.user_id !== user.id && !roleAtLeast(user.role, "admin")) {
    throw new AppError("forbidden:submission", "Only the member who submitted it, or an admin, can change this submission.");
  }
  if (submission.state !== "queued")
    throw new AppError("conflict:submission", "This submission is no longer waiting: it was sent, cancelled or refused.");
  return submission;
}

export async function cancelSubmission(user: SessionUser, id: string): Promise<void> {
  await ownQueued(user, id);
  if (!(await updateQueued(database().db, { id, state: "cancelled", updated_at: new Date().toISOString() }))) {
    throw new AppError("conflict:submission", "This submission was sent just now and can no longer be cancelled.");
  }
}

export async function moveToFront(user: SessionUser, id: string): Promise<void> {
  await ownQueued(user, id);
  await updateQueued(database().db, { id, position: (await lowestPosition(database().db)) - 1, updated_at: new Date().toISOString() });
  kickEngine();
}

export async function setQueuePaused(paused: boolean): Promise<void> {
  if (paused) await setInstanceValue(database().db, { key: QUEUE_PAUSED, value: new Date().toISOString() });
  else {
    await deleteInstanceValue(database().db, { key: QUEUE_PAUSED });
    kickEngine();
  }
}
