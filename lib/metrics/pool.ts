import "server-only";

// The Postgres pools this process opened. Next bundles lib/db once per route, so one process may hold
// several; /metrics sums them. On globalThis for the same reason.

interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  ended?: boolean;
}

const KEY = Symbol.for("darkroom.metrics.pools");
const holder = globalThis as typeof globalThis & { [KEY]?: Set<PoolCounts> };

export function watchPool(pool: PoolCounts): void {
  (holder[KEY] ??= new Set()).add(pool);
}

export function poolUse(): { total: number; idle: number; waiting: number } | undefined {
  const pools = [...(holder[KEY] ?? [])].filter((pool) => !pool.ended);
  if (pools.length === 0) return undefined;
  const sum = (read: (pool: PoolCounts) => number) => pools.reduce((n, pool) => n + read(pool), 0);
  return { total: sum((p) => p.totalCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) };
}
