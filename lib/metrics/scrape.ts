import "server-only";
import { budgetStatus, teamTimeZone } from "@/lib/budgets/status";
import { database } from "@/lib/db";
import { listBudgets } from "@/lib/db/budgets";
import { appliedMigrations, liveAndArchiving, queueDepth } from "@/lib/db/metrics";
import { pendingMigrations } from "@/lib/db/migrate";
import { env } from "@/lib/env";
import { currentEngine } from "@/lib/tasks/engine/loop";
import { poolUse } from "./pool";
import { word } from "./record";
import { metrics } from "./registry";

const WAITING_STATES = ["queued", "sending", "attention"] as const;

/**
 * The exposition: counters as this process kept them, and the gauges that describe the database read now,
 * so they are right after a restart and on an instance that counted nothing (a web instance).
 */
export async function scrape(): Promise<{ text: string; contentType: string }> {
  const m = metrics();
  const { db, dialect } = database();
  const [queue, { live, archivePending }, applied, pending, budgets] = await Promise.all([
    queueDepth(db),
    liveAndArchiving(db),
    appliedMigrations(db),
    pendingMigrations(db),
    budgetRatios(),
  ]);
  // Reset first: a state or reason that emptied since the last scrape must read 0 or vanish, not stay stale.
  m.queueDepth.reset();
  for (const state of WAITING_STATES) m.queueDepth.set({ state, reason: "in_line" }, 0);
  for (const row of queue) m.queueDepth.inc({ state: row.state, reason: word(row.reason, "in_line") }, row.n);
  m.liveTasks.reset();
  for (const kind of ["image", "video"]) m.liveTasks.set({ kind }, live.find((row) => row.kind === kind)?.n ?? 0);
  m.archivePending.set(archivePending);
  m.migrations.set({ state: "applied" }, applied);
  m.migrations.set({ state: "pending" }, pending.length);
  m.budgetCommitted.reset();
  for (const [scope, ratio] of budgets) m.budgetCommitted.set({ scope }, ratio);
  const pool = poolUse();
  if (pool) for (const [state, n] of Object.entries(pool)) m.pool.set({ state }, n);
  m.engineRunning.set(currentEngine() ? 1 : 0);
  m.info.reset();
  m.info.set({ role: env.DARKROOM_ROLE, dialect }, 1);
  return { text: await m.registry.metrics(), contentType: m.registry.contentType };
}

/** Per scope, the highest committed/limit among its budgets: the alert asks whether any is near its limit. */
async function budgetRatios(): Promise<Map<string, number>> {
  const { db } = database();
  const budgets = await listBudgets(db);
  const ratios = new Map<string, number>();
  if (budgets.length === 0) return ratios;
  const now = new Date();
  const timeZone = await teamTimeZone(db);
  for (const budget of budgets) {
    if (budget.limit_credits <= 0) continue;
    const { committed } = await budgetStatus(db, budget, { now, timeZone });
    ratios.set(budget.scope, Math.max(ratios.get(budget.scope) ?? 0, committed / budget.limit_credits));
  }
  return ratios;
}
