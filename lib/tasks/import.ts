import "server-only";
import { countCredits } from "@/lib/metrics/record";
import type { SessionUser } from "@/lib/auth/session";
import { getTaskRow, insertTask } from "@/lib/db/tasks";
import { AppError } from "@/lib/errors";
import { later, POLL_INTERVAL_MS, type Engine } from "./engine/context";
import { acquire } from "./engine/rate-budget";
import { pauseForRate } from "./engine/holds";
import type { UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import { taskView, type TaskView } from "./task-views";

const IMAGE_MODELS = new Set(["gamma-5-pro", "delta-image-2"]);

/**
 * Tracks a task created elsewhere with the same key (the API has no list endpoint, so history must be
 * brought in by id). One retrieval, at low priority in the shared budget; the poller takes it from there.
 */
export async function importTask(engine: Engine, user: SessionUser, taskId: string): Promise<TaskView> {
  const { db } = engine.connection;
  if (await getTaskRow(db, { id: taskId })) throw new AppError("conflict:task", "Darkroom already tracks this task.");
  const budget = await acquire(engine.connection, { keyId: engine.keyId, priority: "low", now: engine.now() });
  if (!budget.ok) {
    const seconds = Math.ceil(budget.waitMs / 1000);
    throw new AppError("rate_limited:upstream", `The API's request budget is in use; try the import again in ${seconds} s.`, undefined, {
      "Retry-After": String(seconds),
    });
  }
  // No prefix is assumed: an id the v1 retrieval does not know may be a legacy task's.
  let legacy = false;
  let outcome: UpstreamOutcome<Task> = await engine.client.getTask(taskId);
  if (
    !outcome.ok &&
    outcome.kind === "not_found" &&
    (await acquire(engine.connection, { keyId: engine.keyId, priority: "low", now: engine.now() })).ok
  ) {
    const viaLegacy = await engine.client.getLegacyTask(taskId);
    if (viaLegacy.ok || viaLegacy.kind !== "not_found") [outcome, legacy] = [viaLegacy, true];
  }
  // An answer with the task's id but no readable status is still that task: it is kept and marked.
  const marked = !outcome.ok && outcome.kind === "malformed_response" && outcome.taskId === taskId;
  if (!outcome.ok && !marked) {
    if (outcome.kind === "not_found")
      throw new AppError(
        "not_found:upstream_task",
        "The API does not know this task for Darkroom's key (it may belong to another account).",
      );
    if (outcome.kind === "rate_limited" || outcome.kind === "concurrency_limited") {
      const seconds = Math.ceil((await pauseForRate(engine, outcome)).waitMs / 1000);
      throw new AppError("rate_limited:upstream", `The API is limiting requests; try the import again in ${seconds} s.`, undefined, {
        "Retry-After": String(seconds),
      });
    }
    throw new AppError("upstream_unavailable", outcome.message);
  }
  const now = engine.now().toISOString();
  const upstream: Task = outcome.ok ? outcome.value : { id: taskId, status: "pending" };
  const model = upstream.model ?? "unknown";
  await insertTask(db, {
    id: upstream.id,
    user_id: user.id,
    model,
    kind: IMAGE_MODELS.has(model) ? "image" : "video",
    status: upstream.status,
    credits_reserved: upstream.credits_reserved ?? null,
    credits_used: upstream.credits_used ?? null,
    credits_refunded: upstream.credits_refunded ?? null,
    error_code: upstream.error?.code ?? null,
    error_message: upstream.error?.message ?? null,
    upstream_created_at: upstream.created_at ?? null,
    upstream_updated_at: upstream.updated_at ?? null,
    upstream_raw: outcome.raw ?? null,
    unreadable: outcome.ok ? null : outcome.message,
    legacy: legacy ? 1 : 0,
    // The poller archives results and settles the rest at its usual 5 s pace.
    next_poll_at: later(engine, POLL_INTERVAL_MS),
    created_at: upstream.created_at ?? now,
    updated_at: now,
  });
  const row = await getTaskRow(db, { id: upstream.id });
  // The import's insert is the task's first record in the ledger: counted here, once, like a creation's.
  if (row) countCredits({ model: row.model, kind: row.kind }, undefined, row);
  if (!row) throw new AppError("internal", "The imported task could not be read back.");
  engine.publish({ type: "task", id: row.id, status: row.status, archive: row.archive_state });
  return taskView(row);
}
