import "server-only";
import { createHash, randomUUID, type Hash } from "node:crypto";
import { z } from "zod";
import { openBatchFile } from "@/lib/batches/parse";
import { resultsResponse, type ResultsDialect } from "@/lib/batches/results";
import { startBatch } from "@/lib/batches/start";
import { batchView, seenBatch } from "@/lib/batches/view";
import { database } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { batchArchiveLag, getBatch, type Batch } from "@/lib/db/batches";
import { AppError } from "@/lib/errors";
import { parseWith, refuseNul } from "@/lib/http/body";
import { issueFields } from "@/lib/models/issues";
import type { Viewer } from "@/lib/policy/see";
import { BATCH_ROW_STATUSES, MAX_BATCH_BYTES, type BatchProblem, type BatchRowStatus } from "@/lib/schemas/batches";
import { derivedSubmissionId } from "@/lib/tasks/derived-id";
import { gatewayId } from "@/lib/tasks/task-ids";
import { gatewayRowRenderer, withUpstreamParents } from "./batch-rows";
import { idempotencyConflict, idempotencyKeyOf } from "./create";
import { withToken } from "./handler";
import { signedMediaUrl } from "./signed-media";
import { gatewayOrigin } from "./task-view";
import type { TokenHolder } from "./tokens";

// Batches for scripts (issue 48, item 5): POST /v1/batches takes JSON lines, each a creation body with its
// `custom_id` (./batch-rows.ts), read as they stream (app/v1/batches is left out of proxy.ts's matcher, so Next
// does not copy the body) and started as the dashboard's batches are (lib/batches/start.ts: every row a
// submission, in one transaction, under the budgets, the token's cap included). GET /v1/batches/{id} and its
// results answer in the gateway's words: a row succeeds once Darkroom holds its copy, as a task does
// (./task-view.ts), and results are the gateway's task ids and signed links.

/** The content types of JSON lines: the one registered, and the older name many tools still send. */
const JSONL_TYPES = new Set(["application/jsonl", "application/x-ndjson"]);

const batchQuery = z.object({
  over_budget: z.enum(["refuse", "trim"], { error: 'over_budget is "refuse" or "trim".' }).default("refuse"),
  skip_invalid: z
    .enum(["true", "false"], { error: 'skip_invalid is "true" or "false".' })
    .default("false")
    .transform((value) => value === "true"),
  name: z.string().trim().max(200, "A batch's name is at most 200 characters.").optional(),
});

const noStore = (headers: Record<string, string> = {}) => ({ "Cache-Control": "no-store", ...headers });

/** A batch id that is the same for the same token and Idempotency-Key, and for no other. */
export const batchIdFor = (tokenId: string, key: string) => derivedSubmissionId(`gateway-batch\n${tokenId}\n${key}`);

/** The body's bytes as they arrive, hashed as they pass (the batch's fingerprint), never held whole. */
async function* hashedBody(request: Request, hash: Hash): AsyncGenerator<Uint8Array> {
  if (!request.body) return;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body, or the launcher's front cut it past its limit (and answered 413 itself).
      throw new AppError("bad_request:body", "The request body did not arrive whole; send it again.");
    });
    if (done) return;
    hash.update(value);
    yield value;
  }
}

/** Invalid lines in the gateway's one-field error: the first line's number and field (`3.prompt`), up to three listed. */
function invalidLines(problems: BatchProblem[]): AppError {
  const [first] = problems;
  const listed = problems
    .slice(0, 3)
    .map((p) => `line ${p.line}${p.field ? ` (${p.field})` : ""}: ${p.message}`)
    .join("; ");
  const count = problems.length === 1 ? "1 line is" : `${problems.length.toLocaleString("en")} lines are`;
  const message = `${count} not valid: ${listed}${problems.length > 3 ? "; …" : ""}. Fix them, or send skip_invalid=true to leave them out.`;
  return new AppError("invalid:batch_rows", message, { [`${first!.line}${first!.field ? `.${first!.field}` : ""}`]: message });
}

/** The token may create at least one kind; each line's own kind is checked with its model (./batch-rows.ts). */
function mayCreate(holder: TokenHolder) {
  if (!holder.token.scopes.includes("images") && !holder.token.scopes.includes("videos"))
    throw new AppError("forbidden:token_scope", "This token may not create images or videos; make one with a creating scope in Settings.");
}

export const batchCreationRoute = withToken({}, async ({ request, holder }) => {
  mayCreate(holder);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!JSONL_TYPES.has(type))
    throw new AppError(
      "unsupported_media_type",
      "Send a batch as JSON lines (Content-Type: application/jsonl or application/x-ndjson): one creation body a line, each with its custom_id.",
    );
  if (Number(request.headers.get("content-length")) > MAX_BATCH_BYTES)
    throw new AppError(
      "payload_too_large:batch_file",
      `A batch is at most ${MAX_BATCH_BYTES / 1024 / 1024} MB; split it into smaller batches.`,
    );
  // Optional here: with one, a resend answers the batch it made; without, every POST is a new batch.
  const key = request.headers.has("idempotency-key") ? idempotencyKeyOf(request) : null;
  const search = Object.fromEntries(new URL(request.url).searchParams);
  refuseNul(search, "query string");
  const options = parseWith(batchQuery, search, (error) => issueFields(error.issues));
  const batchId = key ? batchIdFor(holder.token.id, key) : randomUUID();
  const origin = gatewayOrigin(request);
  const hash = createHash("sha256").update(JSON.stringify([options.over_budget, options.skip_invalid]));
  let started: Awaited<ReturnType<typeof startBatch>>;
  try {
    const file = await openBatchFile(hashedBody(request, hash), "jsonl");
    started = await startBatch({
      starter: { user: holder.user, tokenId: holder.token.id },
      batchId,
      name: options.name,
      source: "jsonl",
      file: { columns: file.columns, rows: withUpstreamParents(file.rows, holder.user.id) },
      render: gatewayRowRenderer({ scopes: holder.token.scopes, origin }),
      fingerprint: () => hash.digest("base64url"),
      overBudget: options.over_budget,
      skipInvalid: options.skip_invalid,
      refuseInvalid: invalidLines,
    });
  } catch (error) {
    // A key used for another body is a 409, even when that body cannot be read (the stored one could).
    if (error instanceof AppError && (error.code === "conflict:batch" || (key && (await getBatch(database().db, { id: batchId })))))
      throw idempotencyConflict();
    // A file's problem is at a line, which the message says; "file" is no field of the API's.
    if (error instanceof AppError && error.code === "invalid:batch_file") throw new AppError(error.code, error.message);
    throw error;
  }
  const { batch, repeated } = started;
  if (!repeated)
    await recordAudit(database().db, {
      actorId: holder.user.id,
      action: "access_token.use",
      subjectId: holder.token.id,
      detail: { batch: batch.id, rows: batch.rows },
    });
  return Response.json(await gatewayBatch({ kind: "token", user: holder.user }, batch.id, origin), {
    status: repeated ? 200 : 202,
    headers: noStore(repeated ? { "Idempotent-Replayed": "true" } : {}),
  });
});

export type GatewayBatchStatus = "running" | "paused" | "cancelled" | "completed";

export interface GatewayBatch {
  id: string;
  name: string;
  /** The model of every row, or null when its rows name several. */
  model: string | null;
  status: GatewayBatchStatus;
  created_at: string;
  counts: Record<"total" | BatchRowStatus, number>;
  credits: { reserved: number; used: number; refunded: number };
  results_url: string;
}

/**
 * A batch as a script reads it. A row whose task succeeded counts as `running` until Darkroom holds its copy (and
 * `failed` if it could not copy it), as GET /v1/tasks/{id} says; the batch is `completed` once no row waits, runs
 * or is paused, and `cancelled` once cancelled.
 */
async function gatewayBatch(viewer: Viewer, id: string, origin: string): Promise<GatewayBatch> {
  const view = await batchView(viewer, id);
  const lag = await batchArchiveLag(database().db, { id });
  const counts = { ...view.counts };
  counts.succeeded -= lag.pending + lag.failed;
  counts.running += lag.pending;
  counts.failed += lag.failed;
  const going = counts.waiting + counts.running + counts.paused;
  return {
    id: view.id,
    name: view.name,
    model: view.model,
    status: view.state === "cancelled" ? "cancelled" : going === 0 ? "completed" : view.state,
    created_at: view.createdAt,
    counts: { total: view.rows, ...Object.fromEntries(BATCH_ROW_STATUSES.map((s) => [s, counts[s]])) } as GatewayBatch["counts"],
    credits: view.credits,
    results_url: `${origin}/v1/batches/${encodeURIComponent(view.id)}/results`,
  };
}

const NOT_FOUND = "No batch with this id was made by your member account.";

/** A batch the token's member made (through any token or the dashboard), or 404, as for a task. */
async function ownBatch(id: unknown, holder: TokenHolder): Promise<{ viewer: Viewer; batch: Batch }> {
  const named = z.string().min(1).max(200).catch("").parse(id);
  const viewer: Viewer = { kind: "token", user: holder.user };
  try {
    if (named) return { viewer, batch: await seenBatch(viewer, named) };
  } catch (error) {
    if (!(error instanceof AppError && error.code === "not_found:batch")) throw error;
  }
  throw new AppError("not_found:batch", NOT_FOUND);
}

export const batchRetrievalRoute = withToken({}, async ({ request, params, holder }) => {
  const { viewer, batch } = await ownBatch(params.id, holder);
  return Response.json(await gatewayBatch(viewer, batch.id, gatewayOrigin(request)), { headers: noStore() });
});

/**
 * The results file in the gateway's words: `custom_id`, the gateway's task id (the one GET /v1/tasks/{id}
 * answers), the row's status as a task's, and signed links to Darkroom's copies that open with no header.
 */
function gatewayDialect(batch: Batch, origin: string): ResultsDialect {
  return {
    resultUrl: (taskId, index) => signedMediaUrl(origin, taskId, index),
    line: (line, row) => {
      const copying = line.status === "succeeded" && row.archive_state !== "done";
      const lost = copying && row.archive_state === "failed";
      // A script's rows go by the gateway's id from the start; a dashboard batch's by the API's, once the script may see it.
      const taskId = batch.token_id !== null ? gatewayId(row.submission_id) : line.task_id;
      return {
        custom_id: line.key,
        line: line.line,
        status: lost ? "failed" : copying ? "running" : line.status,
        task_id: taskId,
        error_code: lost ? "archive_failed" : line.error_code,
        credits_reserved: line.credits_reserved,
        credits_used: line.credits_used,
        credits_refunded: line.credits_refunded,
        result_urls: copying ? [] : line.result_urls,
      };
    },
  };
}

export const batchResultsRoute = withToken({}, async ({ request, params, holder }) => {
  const { viewer, batch } = await ownBatch(params.id, holder);
  const origin = gatewayOrigin(request);
  return resultsResponse(viewer, batch, { format: "jsonl", origin, dialect: gatewayDialect(batch, origin) });
});
