import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import { database } from "@/lib/db";
import { failedBatchRows, getBatch, insertBatch, type Batch } from "@/lib/db/batches";
import { AppError } from "@/lib/errors";
import { getModel } from "@/lib/models/catalogue";
import { mayChangeBatch, type Viewer } from "@/lib/policy/see";
import type { BatchProblem, BatchSource } from "@/lib/schemas/batches";
import { derivedSubmissionId } from "@/lib/tasks/derived-id";
import { kickEngine } from "@/lib/tasks/engine/loop";
import { sourcesOf } from "@/lib/tasks/lineage";
import { submitTogether, type NewSubmission } from "@/lib/tasks/submit";
import { budgetRoom, rowsThatFit } from "@/lib/policy/budgets";
import { planBatch, type PlannedRow } from "./plan";
import type { BatchFile, ParsedRow } from "./parse";
import type { RenderedRow } from "./rows";

// Starting a batch stores every row as a submission, with the batch row, in one transaction under the
// budgets' lock (lib/tasks/submit.ts submitTogether): all of it or nothing, so a crash mid-start loses and
// doubles nothing. Each row's submission id is derived from the batch's id and the row's line, so a resend of
// the same batch (same id) answers what was stored instead of storing it again.

/** Who starts it: a member from the dashboard, or a script through one of their tokens. */
export interface Starter {
  user: SessionUser;
  tokenId: string | null;
}

const rowSubmissionId = (batchId: string, line: number) => derivedSubmissionId(`batch:${batchId}:${line}`);

const viewerOf = ({ user, tokenId }: Starter): Viewer => (tokenId ? { kind: "token", user } : { kind: "member", user });

/** A batch id used again: the same member's same batch is answered again; anything else is a conflict. */
function sameBatch(existing: Batch, starter: Starter, fingerprint: string): Batch {
  if (existing.user_id !== starter.user.id || existing.fingerprint !== fingerprint) {
    throw new AppError("conflict:batch", "This batch id was already used for a different batch; reload the page and start it again.");
  }
  return existing;
}

function invalidRows(problems: BatchProblem[]): AppError {
  const first = problems
    .slice(0, 3)
    .map((p) => `line ${p.line}${p.field ? ` (${p.field})` : ""}: ${p.message}`)
    .join("; ");
  const count = problems.length === 1 ? "1 row is" : `${problems.length.toLocaleString("en")} rows are`;
  const message = `${count} not valid: ${first}${problems.length > 3 ? "; …" : ""}. Fix them, or choose to leave invalid rows out.`;
  return new AppError("invalid:batch_rows", message, { file: message });
}

function rowSubmission(batchId: string, starter: Starter, row: Pick<PlannedRow, "line" | "key" | "shown" | "request">): NewSubmission {
  const model = getModel(row.shown.model);
  if (!model) throw new Error(`validated model ${row.shown.model} missing from the catalogue`);
  return {
    id: rowSubmissionId(batchId, row.line),
    userId: starter.user.id,
    model: model.id,
    kind: model.kind,
    endpoint: model.endpoint,
    request: row.request,
    shown: row.shown,
    sources: sourcesOf(row.shown),
    tokenId: starter.tokenId ?? undefined,
    batch: { id: batchId, key: row.key, line: row.line },
  };
}

/** Stores the rows and the batch together (or answers the batch already stored under this id). */
async function store(
  starter: Starter,
  batch: { id: string; name: string; model: string | null; source: BatchSource; fingerprint: string; retryOf: string | null },
  submissions: NewSubmission[],
): Promise<{ batch: Batch; repeated: boolean }> {
  const now = new Date().toISOString();
  const { repeated } = await submitTogether({
    connection: database(),
    submissions,
    alongside: (trx) =>
      insertBatch(trx, {
        id: batch.id,
        user_id: starter.user.id,
        token_id: starter.tokenId,
        name: batch.name,
        model: batch.model,
        source: batch.source,
        state: "running",
        rows: submissions.length,
        fingerprint: batch.fingerprint,
        retry_of: batch.retryOf,
        created_at: now,
        updated_at: now,
      }),
  });
  kickEngine();
  const stored = await getBatch(database().db, { id: batch.id });
  if (!stored) throw new Error(`batch ${batch.id} stored without its row`);
  return { batch: repeated ? sameBatch(stored, starter, batch.fingerprint) : stored, repeated };
}

/**
 * Reads the file, checks every row, applies the choices (leave invalid rows out; refuse the whole batch over
 * budget, or keep the rows that fit, in order) and stores it. `fingerprint` is read after the file is.
 */
export async function startBatch(args: {
  starter: Starter;
  batchId: string;
  name?: string;
  source: BatchSource;
  file: BatchFile;
  render: (row: ParsedRow, index: number) => RenderedRow;
  fingerprint: () => string;
  overBudget: "refuse" | "trim";
  skipInvalid: boolean;
  /** How invalid rows are refused: Darkroom's words by default; the gateway names the first line's field its own way. */
  refuseInvalid?: (problems: BatchProblem[]) => AppError;
}): Promise<{ batch: Batch; repeated: boolean }> {
  const { starter, batchId } = args;
  const db = database().db;
  const plan = await planBatch(db, { file: args.file, render: args.render, viewer: viewerOf(starter) });
  const fingerprint = args.fingerprint();
  const existing = await getBatch(db, { id: batchId });
  if (existing) return { batch: sameBatch(existing, starter, fingerprint), repeated: true };
  if (plan.problems.length > 0 && !args.skipInvalid) throw (args.refuseInvalid ?? invalidRows)(plan.problems);
  if (plan.rows.length === 0) throw new AppError("invalid:batch_rows", "No row of this file is a valid request; nothing was started.");
  let rows = plan.rows;
  if (args.overBudget === "trim") {
    const room = await budgetRoom(db, { userId: starter.user.id, tokenId: starter.tokenId, now: new Date() });
    const fit = rowsThatFit(
      rows.map((row) => row.estimate),
      room,
    );
    if (fit === 0) {
      throw new AppError(
        "conflict:over_budget",
        `Not one row fits: ${room.name} has ${Math.floor(room.left ?? 0)} credits left. Nothing was started.`,
      );
    }
    rows = rows.slice(0, fit);
  }
  const models = new Set(rows.map((row) => row.shown.model));
  return store(
    starter,
    {
      id: batchId,
      name: args.name?.trim() || `Batch of ${rows.length.toLocaleString("en")} rows`,
      model: models.size === 1 ? [...models][0]! : null,
      source: args.source,
      fingerprint,
      retryOf: null,
    },
    rows.map((row) => rowSubmission(batchId, starter, row)),
  );
}

/** The batch `id` if `user` may change it (its member or an admin, while they may generate). */
export async function changeableBatch(user: SessionUser, id: string): Promise<Batch> {
  const batch = await getBatch(database().db, { id });
  if (!batch) throw new AppError("not_found:batch", "No batch with this id.");
  if (!mayChangeBatch(user, batch))
    throw new AppError("forbidden:batch", "Only the member who started this batch, or an admin, can change it.");
  return batch;
}

/**
 * The failed rows of a batch sent again as a new batch: each row's exact request with a new submission (and so
 * a new Idempotency-Key). Rows whose outcome is unknown are not retried here (lib/db/batches.ts failedBatchRows).
 */
export async function retryFailedRows(
  user: SessionUser,
  id: string,
  { batchId }: { batchId: string },
): Promise<{ batch: Batch; repeated: boolean }> {
  const original = await changeableBatch(user, id);
  const starter: Starter = { user, tokenId: null };
  const fingerprint = `retry:${id}`;
  const existing = await getBatch(database().db, { id: batchId });
  if (existing) return { batch: sameBatch(existing, starter, fingerprint), repeated: true };
  const failed = await failedBatchRows(database().db, { id });
  if (failed.length === 0) throw new AppError("conflict:batch", "This batch has no failed rows to retry.");
  const submissions = failed.map((row) => {
    const shown = JSON.parse(row.params) as PlannedRow["shown"];
    return rowSubmission(batchId, starter, {
      line: row.line!,
      key: row.key!,
      shown,
      request: JSON.parse(row.body) as Record<string, unknown>,
    });
  });
  return store(
    starter,
    { id: batchId, name: `${original.name} (retry)`, model: original.model, source: "retry", fingerprint, retryOf: id },
    submissions,
  );
}
