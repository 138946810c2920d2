import "server-only";
import { database } from "@/lib/db";
import { accessTokenNames } from "@/lib/db/access-tokens";
import {
  batchCounts,
  batchCredits,
  batchEndedSince,
  getBatch,
  listBatches,
  listBatchRows,
  type Batch,
  type BatchRow,
} from "@/lib/db/batches";
import { listMembers } from "@/lib/db/users";
import { AppError } from "@/lib/errors";
import { roleAtLeast } from "@/lib/members/roles";
import { mayChangeBatch, maySeeBatch, tasksVisibleTo, type Viewer } from "@/lib/policy/see";
import type { BatchCounts, BatchRowStatus, BatchRowsPage, BatchRowView, BatchSummary, BatchView } from "@/lib/schemas/batches";
import { mediaUrl } from "@/lib/schemas/views";
import { parseParams } from "@/lib/tasks/task-views";

// What a batch looks like to whoever may see it: its progress, credits and ETA, and its rows a window at a time.

/** The ETA reads how many of its rows ended in this window, the queue's own pace for this batch. */
const RATE_WINDOW_MS = 10 * 60_000;

export async function seenBatch(viewer: Viewer, id: string): Promise<Batch> {
  const batch = await getBatch(database().db, { id });
  if (!batch || !maySeeBatch(viewer, batch)) throw new AppError("not_found:batch", "No batch with this id.");
  return batch;
}

async function memberNames(ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const members = await listMembers(database().db);
  return new Map(members.filter((m) => ids.includes(m.id)).map((m) => [m.id, m.name ?? null]));
}

/** Rows still to go over the rate rows ended at lately; null while paused or before any row ended. */
export function eta(batch: Pick<Batch, "state" | "created_at">, counts: BatchCounts, ended: number, now: number): number | null {
  const left = counts.waiting + counts.running;
  if (batch.state !== "running" || left === 0 || ended === 0) return null;
  const window = Math.min(RATE_WINDOW_MS, Math.max(1, now - Date.parse(batch.created_at)));
  return Math.round((left * window) / ended);
}

export async function batchView(viewer: Viewer, id: string): Promise<BatchView> {
  const db = database().db;
  const batch = await seenBatch(viewer, id);
  const now = Date.now();
  const counts = (await batchCounts(db, { ids: [id] })).get(id)!;
  const ended = await batchEndedSince(db, { id, since: new Date(now - RATE_WINDOW_MS).toISOString() });
  const names = await memberNames([batch.user_id]);
  const token = batch.token_id ? (await accessTokenNames(db, { ids: [batch.token_id] })).get(batch.token_id) : undefined;
  return {
    id: batch.id,
    name: batch.name,
    model: batch.model,
    source: batch.source,
    state: batch.state,
    rows: batch.rows,
    createdAt: batch.created_at,
    createdBy: { id: batch.user_id, name: names.get(batch.user_id) ?? null },
    viaToken: token ?? null,
    retryOf: batch.retry_of,
    counts,
    credits: await batchCredits(db, { id }),
    etaMs: eta(batch, counts, ended, now),
    canChange: viewer.kind === "member" && mayChangeBatch(viewer.user, batch) && batch.state !== "cancelled",
  };
}

export async function batchSummaries(viewer: Viewer, { limit = 100 }: { limit?: number } = {}): Promise<BatchSummary[]> {
  const db = database().db;
  // A member sees their own batches here (the team's are reached by link, as its tasks are in the gallery); an admin sees all.
  const everyone = viewer.kind === "member" && roleAtLeast(viewer.user.role, "admin");
  const batches = await listBatches(db, { userId: everyone ? undefined : viewer.user.id, limit });
  const counts = await batchCounts(db, { ids: batches.map((b) => b.id) });
  const names = await memberNames([...new Set(batches.map((b) => b.user_id))]);
  return batches.map((batch) => ({
    id: batch.id,
    name: batch.name,
    model: batch.model,
    state: batch.state,
    rows: batch.rows,
    createdAt: batch.created_at,
    createdBy: { id: batch.user_id, name: names.get(batch.user_id) ?? null },
    counts: counts.get(batch.id)!,
  }));
}

function errorOf(row: BatchRow): { code: string | null; message: string | null } {
  if (row.status !== "failed" && row.status !== "cancelled") return { code: null, message: null };
  return { code: row.task_error ?? row.submission_error, message: row.task_message ?? row.submission_message };
}

/** The prompt of a row's request, when it has one. */
const promptText = (params: string) => {
  const prompt = parseParams(params)?.prompt;
  return typeof prompt === "string" ? prompt : null;
};

/** A row as shown; its task (thumbnail, link) only when the viewer may see that task (lib/policy/see.ts). */
export function batchRowView(row: BatchRow, visible: Set<string>): BatchRowView {
  const seen = row.task_id !== null && visible.has(row.task_id);
  const error = errorOf(row);
  return {
    line: row.line,
    key: row.key,
    submissionId: row.submission_id,
    status: row.status,
    taskId: seen ? row.task_id : null,
    errorCode: error.code,
    errorMessage: error.message,
    credits: row.credits_used ?? (row.credits_reserved === null ? null : Math.max(0, row.credits_reserved - (row.credits_refunded ?? 0))),
    thumbnailUrl: seen && row.archive_state === "done" ? mediaUrl(row.task_id!, 0, "thumbnail") : null,
    prompt: promptText(row.params),
  };
}

export async function batchRowsPage(
  viewer: Viewer,
  id: string,
  query: { status?: BatchRowStatus; offset: number; limit: number },
): Promise<BatchRowsPage> {
  await seenBatch(viewer, id);
  const db = database().db;
  const { rows, total } = await listBatchRows(db, { id, ...query });
  const visible = await tasksVisibleTo(
    db,
    viewer,
    rows.flatMap((row) => row.task_id ?? []),
  );
  return { rows: rows.map((row) => batchRowView(row, visible)), total };
}
