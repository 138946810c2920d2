import "server-only";
import { randomUUID } from "node:crypto";
import { checkBudgetAlerts } from "@/lib/budgets/alerts";
import { enforceBudgets } from "@/lib/budgets/enforce";
import type { Insertable, Kysely } from "kysely";
import type { Connection } from "@/lib/db/connect";
import { exclusive } from "@/lib/db/exclusive";
import {
  getSubmission,
  getSubmissions,
  getSubmissionsOfRuns,
  highestPosition,
  insertSubmissions,
  type Submission,
} from "@/lib/db/submissions";
import type { Database, SubmissionTable } from "@/lib/db/schema";
import { insertTaskSources } from "@/lib/db/task-sources";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { countSubmissions } from "@/lib/metrics/record";
import { currentTraceparent, inSpan } from "@/lib/metrics/tracing";
import type { Source } from "./lineage";
import { costFrom, recentCharges } from "./recent-charges";

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
  /** The personal access token a script sent it with (Darkroom's /v1/… routes), or none from the dashboard; its cap is a budget too. */
  tokenId?: string;
  /** The comparison it is a column of (lib/tasks/compare.ts), and which column. */
  comparison?: { id: string; column: number };
  /** The batch it is a row of (lib/batches/start.ts): the batch, the row's key and its line in the file. */
  batch?: { id: string; key: string; line: number };
}

/** Every submission takes it: the budget check and the insert are one step across instances. */
export const BUDGET_LOCK = "budgets";

/** A submission's rows (one per run) as they will be stored, with what they are expected to cost. */
interface Prepared {
  submission: NewSubmission;
  ids: string[];
  body: string;
  estimate: number | null;
  rows: Insertable<SubmissionTable>[];
}

/**
 * Stores the submission(s), each with a fresh Idempotency-Key and the exact body, before any upstream call.
 * A repeat of the same id by the same member with the same request answers the stored submissions again.
 * Every budget covering it (the team's, the member's, the token's cap) is checked in the same transaction
 * (lib/budgets/enforce.ts): a submission over budget stores nothing, so nothing is queued or sent.
 */
export function submit(args: {
  connection: Connection;
  submission: NewSubmission;
}): Promise<{ submissions: Submission[]; repeated: boolean }> {
  // The door's span: its trace is stored with the submission (traceparent) and the engine continues it.
  return inSpan("darkroom.submit", { attributes: spanAttributes([args.submission]) }, () => submitOne(args));
}

/** What a trace says of a submission: its id (the first run's), model, kind, runs, and which door it came through. */
const spanAttributes = (submissions: NewSubmission[]) => ({
  "darkroom.submission_id": submissions[0]!.id,
  "darkroom.model": submissions[0]!.model,
  "darkroom.kind": submissions[0]!.kind,
  "darkroom.runs": submissions.reduce((n, s) => n + (s.runs ?? 1), 0),
  "darkroom.door": submissions[0]!.tokenId ? "gateway" : "dashboard",
});

async function submitOne({
  connection,
  submission,
}: {
  connection: Connection;
  submission: NewSubmission;
}): Promise<{ submissions: Submission[]; repeated: boolean }> {
  const { db } = connection;
  const existing = await getSubmission(db, { id: submission.id });
  if (existing) return { submissions: await repeated(connection, existing, submission), repeated: true };
  const prepared = await prepare(db, [submission]);
  try {
    await store(connection, prepared);
  } catch (error) {
    // A double click raced us to the same id: answer what the first one stored.
    const winner = await getSubmission(db, { id: submission.id });
    if (!winner) throw error;
    return { submissions: await repeated(connection, winner, submission), repeated: true };
  }
  return { submissions: await storedRows(db, prepared), repeated: false };
}

/**
 * Several submissions of one member as one step (a comparison's columns): every one is stored, each with its
 * own Idempotency-Key, or none is; the budgets judge their expected costs together, as one submission of
 * that many runs. `alongside` writes in the same transaction (the comparison's own row). A repeat (same
 * first id) answers what was stored, after checking each submission is the same request.
 */
export function submitTogether(args: {
  connection: Connection;
  submissions: NewSubmission[];
  alongside?: (trx: Kysely<Database>) => Promise<void>;
}): Promise<{ submissions: Submission[]; repeated: boolean }> {
  return inSpan("darkroom.submit", { attributes: spanAttributes(args.submissions) }, () => submitSeveral(args));
}

async function submitSeveral({
  connection,
  submissions,
  alongside,
}: {
  connection: Connection;
  submissions: NewSubmission[];
  alongside?: (trx: Kysely<Database>) => Promise<void>;
}): Promise<{ submissions: Submission[]; repeated: boolean }> {
  const { db } = connection;
  const again = async () => {
    // The first id decides whether this was stored; only then are the others read (a batch has thousands).
    if (!(await getSubmission(db, { id: submissions[0]!.id }))) return undefined;
    const stored = await getSubmissions(db, { ids: submissions.map((s) => s.id) });
    const found = await Promise.all(
      submissions.map(async (s) => {
        const existing = stored.get(s.id);
        if (!existing)
          throw new AppError("conflict:submission", "This id was already used for a different request; reload and submit again.");
        return repeated(connection, existing, s);
      }),
    );
    return found.flat();
  };
  const known = await again();
  if (known) return { submissions: known, repeated: true };
  const prepared = await prepare(db, submissions);
  try {
    await store(connection, prepared, alongside);
  } catch (error) {
    const winner = await again();
    if (!winner) throw error;
    return { submissions: winner, repeated: true };
  }
  return { submissions: await storedRows(db, prepared), repeated: false };
}

async function prepare(db: Kysely<Database>, submissions: NewSubmission[]): Promise<Prepared[]> {
  const now = new Date().toISOString();
  const traceparent = currentTraceparent();
  const charges = await recentCharges(db);
  let position = (await highestPosition(db)) + 1;
  const prepared: Prepared[] = [];
  for (const submission of submissions) {
    const body = JSON.stringify(submission.request);
    const runs = submission.runs ?? 1;
    const ids = runIds(submission);
    // Each run is expected to cost what the API charged the team for such a request before, until its task
    // reports what it reserved (lib/tasks/recent-charges.ts; the spec forbids computing prices). Never charged
    // before: the cost is unknown (null) until the dispatcher learns it from the first task.
    const estimate = costFrom(charges, submission.shown ?? submission.request) ?? null;
    const rows = ids.map((id) => ({
      id,
      user_id: submission.userId,
      model: submission.model,
      kind: submission.kind,
      endpoint: submission.endpoint,
      params: submission.shown ? JSON.stringify(submission.shown) : body,
      body,
      idempotency_key: `darkroom-${randomUUID()}`,
      state: "queued" as const,
      position: position++,
      next_attempt_at: now,
      runs_id: runs > 1 ? submission.id : null,
      estimated_credits: estimate,
      token_id: submission.tokenId ?? null,
      comparison_id: submission.comparison?.id ?? null,
      comparison_column: submission.comparison?.column ?? null,
      batch_id: submission.batch?.id ?? null,
      batch_key: submission.batch?.key ?? null,
      batch_line: submission.batch?.line ?? null,
      traceparent,
      created_at: now,
      updated_at: now,
    }));
    prepared.push({ submission, ids, body, estimate, rows });
  }
  return prepared;
}

const runIds = (submission: NewSubmission) =>
  Array.from({ length: submission.runs ?? 1 }, (_, i) => (i === 0 ? submission.id : `${submission.id}:${i + 1}`));

/** The budget check and every insert, as one step under the budgets' lock; then the alerts. */
async function store(connection: Connection, prepared: Prepared[], alongside?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  const first = prepared[0]!.submission;
  const runs = prepared.reduce((sum, p) => sum + p.ids.length, 0);
  // What the known prices add up to; unknown prices fit while something is left (lib/policy/budgets.ts).
  const known = prepared.filter((p) => p.estimate !== null);
  const cost = known.length === 0 ? null : known.reduce((sum, p) => sum + p.estimate! * p.ids.length, 0);
  const now = new Date().toISOString();
  const sources = prepared.flatMap(({ submission, ids }) =>
    ids.flatMap((id) =>
      (submission.sources ?? []).map((source) => ({ submission_id: id, source_task_id: source.taskId, relation: source.relation })),
    ),
  );
  const counted = (outcome: "queued" | "refused") => {
    for (const p of prepared) countSubmissions(p.submission, outcome, p.ids.length);
  };
  await exclusive(connection, BUDGET_LOCK, async (trx) => {
    const { grantId } = await enforceBudgets(trx, {
      userId: first.userId,
      tokenId: first.tokenId ?? null,
      cost,
      runs,
      submissionId: first.id,
      now: new Date(now),
    });
    await alongside?.(trx);
    await insertSubmissions(
      trx,
      prepared.flatMap((p) => p.rows.map((row) => ({ ...row, budget_grant_id: grantId }))),
    );
    await insertTaskSources(trx, sources);
  }).catch((error: unknown) => {
    // A budget's refusal is the door's answer; anything else is an error the route logs.
    if (error instanceof AppError) counted("refused");
    throw error;
  });
  counted("queued");
  // An alert is a side effect: its failure must not fail a submission that is stored.
  await checkBudgetAlerts(connection, { userId: first.userId, now: new Date() }).catch((error: unknown) =>
    log.error({ err: error }, "budget alerts: check after a submission failed"),
  );
}

async function storedRows(db: Kysely<Database>, prepared: Prepared[]): Promise<Submission[]> {
  const ids = prepared.flatMap((p) => p.ids);
  const stored = await getSubmissions(db, { ids });
  return ids.flatMap((id) => stored.get(id) ?? []);
}

async function repeated({ db }: Connection, existing: Submission, submission: NewSubmission): Promise<Submission[]> {
  const ids = runIds(submission);
  if (existing.user_id !== submission.userId || existing.body !== JSON.stringify(submission.request)) {
    throw new AppError(
      "conflict:submission",
      "This submission id was already used for a different request; reload the form and submit again.",
    );
  }
  countSubmissions(submission, "replayed");
  return existing.runs_id ? getSubmissionsOfRuns(db, { runsId: existing.runs_id }) : [existing].filter((s) => ids.includes(s.id));
}
