import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

// Every metric Darkroom exports, by name, in one registry. The engine, the client and the routes call the
// helpers in ./record.ts, never prom-client. Labels are bounded: model, kind, route, status, outcome, state,
// reason, stage; never a task id, a submission id or a member. Prometheus adds `instance` itself when it
// scrapes, and sums counters across instances (docs/architecture.md, decision 14).

/** Seconds from a submission to its send, its end and its archive: a queue may hold work for hours. */
const LATENCY_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600, 12 * 3600];

function build() {
  const registry = new Registry();
  const r = { registers: [registry] };
  return {
    registry,
    submissions: new Counter({
      name: "darkroom_submissions_total",
      help: "Submissions taken at the door, by outcome (queued, replayed, refused).",
      labelNames: ["model", "kind", "outcome"] as const,
      ...r,
    }),
    sends: new Counter({
      name: "darkroom_sends_total",
      help: "Sends of a submission to the upstream, by what became of it (accepted, requeued, attention, rejected).",
      labelNames: ["model", "kind", "outcome"] as const,
      ...r,
    }),
    queueDepth: new Gauge({
      name: "darkroom_queue_depth",
      help: "Submissions not yet accepted nor ended, by state and the reason they wait (read from the database at scrape time).",
      labelNames: ["state", "reason"] as const,
      ...r,
    }),
    liveTasks: new Gauge({
      name: "darkroom_tasks_live",
      help: "Tasks pending or processing at the upstream, by kind (read from the database at scrape time).",
      labelNames: ["kind"] as const,
      ...r,
    }),
    archivePending: new Gauge({
      name: "darkroom_archive_pending",
      help: "Succeeded tasks whose results are not archived yet (read from the database at scrape time).",
      ...r,
    }),
    upstreamRequests: new Counter({
      name: "darkroom_upstream_requests_total",
      help: "Requests to the generation API by route and HTTP status (network and timeout when no answer came).",
      labelNames: ["route", "status"] as const,
      ...r,
    }),
    upstreamRetryAfter: new Histogram({
      name: "darkroom_upstream_retry_after_seconds",
      help: "The Retry-After of the upstream's 429 answers (absent: counted in darkroom_upstream_429_total only).",
      labelNames: ["route"] as const,
      buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
      ...r,
    }),
    upstream429: new Counter({
      name: "darkroom_upstream_429_total",
      help: "The upstream's 429 answers, by route and whether they said Retry-After.",
      labelNames: ["route", "retry_after"] as const,
      ...r,
    }),
    polls: new Counter({
      name: "darkroom_polls_total",
      help: "Retrievals of a task's status, by kind and what was answered (ok, or the failure's kind).",
      labelNames: ["kind", "outcome"] as const,
      ...r,
    }),
    pollInterval: new Histogram({
      name: "darkroom_poll_interval_seconds",
      help: "Time between two polls of the same task: the API asks for 5 s at least, so nothing belongs below 5.",
      labelNames: ["kind"] as const,
      buckets: [1, 4, 4.9, 5, 5.5, 6, 8, 10, 20, 30, 60, 300],
      ...r,
    }),
    latency: new Histogram({
      name: "darkroom_task_latency_seconds",
      help: "Seconds from a submission to a stage: sent (accepted upstream), terminal (succeeded or failed), archived.",
      labelNames: ["model", "kind", "stage"] as const,
      buckets: LATENCY_BUCKETS,
      ...r,
    }),
    creditsReserved: new Counter({
      name: "darkroom_credits_reserved_total",
      help: "Credits the upstream reserved for tasks, recorded once by the instance holding the task's lease.",
      labelNames: ["model", "kind"] as const,
      ...r,
    }),
    creditsUsed: new Counter({
      name: "darkroom_credits_used_total",
      help: "Credits debited for good (succeeded tasks), as the ledger counts them.",
      labelNames: ["model", "kind"] as const,
      ...r,
    }),
    creditsRefunded: new Counter({
      name: "darkroom_credits_refunded_total",
      help: "Credits returned after failures, as the ledger counts them.",
      labelNames: ["model", "kind"] as const,
      ...r,
    }),
    archiveBytes: new Counter({
      name: "darkroom_archive_bytes_total",
      help: "Bytes of results written to the media store (originals, not thumbnails).",
      labelNames: ["kind"] as const,
      ...r,
    }),
    archiveFailures: new Counter({
      name: "darkroom_archive_failures_total",
      help: "Results that could not be archived on an attempt, by whether a retry can mend it (gone: no).",
      labelNames: ["kind", "reason"] as const,
      ...r,
    }),
    leaseLost: new Counter({
      name: "darkroom_lease_lost_total",
      help: "Task polls whose answer was dropped because another instance took the task's lease meanwhile.",
      ...r,
    }),
    engineRunning: new Gauge({
      name: "darkroom_engine_running",
      help: "1 when this instance runs the task engine (DARKROOM_ROLE all or worker with an upstream configured).",
      ...r,
    }),
    engineTick: new Gauge({
      name: "darkroom_engine_last_tick_seconds",
      help: "Unix time of this instance's last finished engine tick (a stalled loop stops moving it).",
      ...r,
    }),
    info: new Gauge({
      name: "darkroom_info",
      help: "Always 1; says this instance's role and database dialect.",
      labelNames: ["role", "dialect"] as const,
      ...r,
    }),
    streamClients: new Gauge({
      name: "darkroom_event_stream_clients",
      help: "Live event streams (SSE) open on this instance.",
      ...r,
    }),
    eventLag: new Histogram({
      name: "darkroom_event_delivery_lag_seconds",
      help: "From an event's publication on this instance (or its arrival from another) to its write to a stream.",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ...r,
    }),
    pool: new Gauge({
      name: "darkroom_db_pool_connections",
      help: "Postgres pool connections by state (total, idle, waiting requests); absent on SQLite.",
      labelNames: ["state"] as const,
      ...r,
    }),
    migrations: new Gauge({
      name: "darkroom_db_migrations",
      help: "Darkroom's schema migrations by state (applied, pending).",
      labelNames: ["state"] as const,
      ...r,
    }),
    budgetCommitted: new Gauge({
      name: "darkroom_budget_committed_ratio",
      help: "The highest share of a budget's limit committed in its current period, by scope (team, member).",
      labelNames: ["scope"] as const,
      ...r,
    }),
  };
}

export type Metrics = ReturnType<typeof build>;

// On globalThis: Next bundles this module once per route, and the engine (instrumentation.ts) and /metrics
// must count into the same registry.
const KEY = Symbol.for("darkroom.metrics");
const holder = globalThis as typeof globalThis & { [KEY]?: Metrics };

export function metrics(): Metrics {
  return (holder[KEY] ??= build());
}
