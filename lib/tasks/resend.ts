import "server-only";
import { randomUUID } from "node:crypto";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { getSubmission, requeueWithNewKey } from "@/lib/db/submissions";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/members/roles";
import { kickEngine } from "./engine/loop";
import { submissionWithPosition } from "./queue";
import type { SubmissionView } from "./task-views";

/**
 * "Send again with a new key" for a submission whose outcome stayed unknown: the person has been told the
 * first attempt may have been charged, and chose to risk a second charge. A new key, because the spec says
 * so after a 5xx; the same body bytes, because that is what the person asked for.
 */
export async function resendWithNewKey(user: SessionUser, id: string): Promise<SubmissionView> {
  const submission = await getSubmission(database().db, { id });
  if (!submission) throw new AppError("not_found:submission", "No submission with this id.");
  if (submission.user_id !== user.id && !roleAtLeast(user.role, "admin")) {
    throw new AppError("forbidden:submission", "Only the member who submitted it, or an admin, can send it again.");
  }
  const requeued = await requeueWithNewKey(database().db, {
    id,
    idempotencyKey: `darkroom-${randomUUID()}`,
    now: new Date().toISOString(),
  });
  if (!requeued)
    throw new AppError("conflict:submission", "This submission does not need attention (it was sent again already, or settled).");
  kickEngine();
  return submissionWithPosition(id);
}
