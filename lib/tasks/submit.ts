import "server-only";
import { randomUUID } from "node:crypto";
import { checkBudgetAlerts } from "@/lib/budgets/alerts";
import { enforceBudgets } from "@/lib/budgets/enforce";
import { enforceTokenBudget, type TokenBudget } from "@/lib/budgets/token-budget";
import type { Connection } from "@/lib/db/connect";
import { exclusive } from "@/lib/db/exclusive";
import { getSubmission, getSubmissionsByBatch, highestPosition, insertSubmissions, type Submission } from "@/lib/db/submissions";
import { insertTaskSources } from "@/lib/db/task-sources";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { Source } from "./lineage";
import { expectedCost } from "./recent-charges";

export interface NewSubmission {
  /** Chosen by the browser per submit: a double click or a resent form carries the same id. */
  id: string;
  userId: string;
  model: string;
  kind: "image" | "video";
  endpoint: "videos" | "images" | "legacy";
  /** The validated request, defaults filled in: stored as the exact bytes every attempt sends. */
  request: Record<string, unknown>;
  /**
   * The request as the person wrote it, with Darkroom's links to earlier results where `request` has the
   * upstream's URLs: what task views, sidecars and exports show (the upstream's URLs stay on the server).
   */
  shown?: Record<string, unknown>;
  /** "Runs": that many identical submissions, dripped out by the queue within the limits. */
  runs?: number;
  /** The earlier tasks it is made from (lineage), stored with each submission. */
  sources?: Source[];
  /** The personal access token a script sent it with (Darkroom's /v1/… routes), or none from the dashboard. */
  tokenId?: string;
  /** That token's own cap on what it may commit, checked with the budgets (lib/gateway/token-budget.ts). */
  tokenBudget?: TokenBudget;
}

/** Every submission takes it: the budget check and the insert are one step across instances. */
export const BUDGET_LOCK = "budgets";

/**
 * Stores the submission(s), each with a fresh Idempotency-Key and the exact body, before any upstream call.
 * A repeat of the same id by the same member with the same request answers the stored submissions again.
 * The member's and the team's budgets are checked in the same transaction (lib/budgets/enforce.ts): a
 * submission over budget stores nothing, so nothing is queued or sent.
 */
export async function submit({
  connection,
  submission,
}: {
  connection: Connection;
  submission: NewSubmission;
}): Promise<{ submissions: Submission[]; repeated: boolean }> {
  const { db } = connection;
  const body = JSON.stringify(submission.request);
  const runs = submission.runs ?? 1;
  const ids = Array.from({ length: runs }, (_, i) => (i === 0 ? submission.id : `${submission.id}:${i + 1}`));
  const existing = await getSubmission(db, { id: submission.id });
  if (existing) return { submissions: await repeated(connection, existing, submission, body, ids), repeated: true };

  const now = new Date().toISOString();
  const start = (await highestPosition(db)) + 1;
  // Each run is expected to cost what the API charged the team for such a request before, until its task
  // reports what it reserved (lib/tasks/recent-charges.ts; the spec forbids computing prices). Never charged
  // before: the cost is unknown (null) until the dispatcher learns it from the first task.
  const estimate = (await expectedCost(db, submission.shown ?? submission.request)) ?? null;
  const rows = ids.map((id, i) => ({
    id,
    user_id: submission.userId,
    model: submission.model,
    kind: submission.kind,
    endpoint: submission.endpoint,
    params: submission.shown ? JSON.stringify(submission.shown) : body,
    body,
    idempotency_key: `darkroom-${randomUUID()}`,
    state: "queued" as const,
    position: start + i,
    next_attempt_at: now,
    batch_id: runs > 1 ? submission.id : null,
    estimated_credits: estimate,
    token_id: submission.tokenId ?? null,
    created_at: now,
    updated_at: now,
  }));
  try {
    const sources = ids.flatMap((id) =>
      (submission.sources ?? []).map((source) => ({ submission_id: id, source_task_id: source.taskId, relation: source.relation })),
    );
    await exclusive(connection, BUDGET_LOCK, async (trx) => {
      if (submission.tokenBudget) await enforceTokenBudget(trx, submission.tokenBudget, estimate === null ? null : estimate * runs);
      const { grantId } = await enforceBudgets(trx, {
        userId: submission.userId,
        cost: estimate === null ? null : estimate * runs,
        runs,
        submissionId: submission.id,
        now: new Date(now),
      });
      await insertSubmissions(
        trx,
        rows.map((row) => ({ ...row, budget_grant_id: grantId })),
      );
      await insertTaskSources(trx, sources);
    });
  } catch (error) {
    // A double click raced us to the same id: answer what the first one stored.
    const winner = await getSubmission(db, { id: submission.id });
    if (!winner) throw error;
    return { submissions: await repeated(connection, winner, submission, body, ids), repeated: true };
  }
  // An alert is a side effect: its failure must not fail a submission that is stored.
  await checkBudgetAlerts(connection, { userId: submission.userId, now: new Date() }).catch((error: unknown) =>
    log.error({ err: error }, "budget alerts: check after a submission failed"),
  );
  return { submissions: (await Promise.all(ids.map((id) => getSubmission(db, { id })))).filter((s) => s !== undefined), repeated: false };
}

async function repeated(
  { db }: Connection,
  existing: Submission,
  submission: NewSubmission,
  body: string,
  ids: string[],
): Promise<Submission[]> {
  if (existing.user_id !== submission.userId || existing.body !== body) {
    throw new AppError(
      "conflict:submission",
      "This submission id was already used for a different request; reload the form and submit again.",
    );
  }
  return existing.batch_id ? getSubmissionsByBatch(db, { batchId: existing.batch_id }) : [existing].filter((s) => ids.includes(s.id));
}
