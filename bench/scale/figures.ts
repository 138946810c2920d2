// Figures read from the recording proxy's log (the upstream's view of every instance together).
import type { Recorded } from "./recording-proxy";

const isApi = (entry: Recorded) => entry.path.startsWith("/v1/") || entry.path.startsWith("/api/video/");
const pollOf = (entry: Recorded) => (entry.method === "GET" ? /^\/v1\/tasks\/([^/?]+)/.exec(entry.path)?.[1] : undefined);

/** The most API requests the upstream received in any 60 s. */
export function peakPerMinute(log: Recorded[]): number {
  const times = log
    .filter(isApi)
    .map((entry) => entry.at)
    .sort((x, y) => x - y);
  let peak = 0;
  for (let start = 0, end = 0; end < times.length; end += 1) {
    while (times[end]! - times[start]! >= 60_000) start += 1;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

/** Retrievals of a task closer than 5 s to its previous one. */
export function duplicatePolls(log: Recorded[]): { taskId: string; gapMs: number }[] {
  const last = new Map<string, number>();
  const close: { taskId: string; gapMs: number }[] = [];
  for (const entry of [...log].sort((x, y) => x.at - y.at)) {
    const id = pollOf(entry);
    if (!id) continue;
    const previous = last.get(id);
    if (previous !== undefined && entry.at - previous < 5_000) close.push({ taskId: id, gapMs: entry.at - previous });
    last.set(id, entry.at);
  }
  return close;
}

export function count429(log: Recorded[]): number {
  return log.filter((entry) => isApi(entry) && entry.status === 429).length;
}

/** Per Idempotency-Key: how many tasks the upstream created (202) and which task ids it answered. */
export function creationsByKey(log: Recorded[]): Map<string, { created: number; taskIds: Set<string>; sends: number }> {
  const byKey = new Map<string, { created: number; taskIds: Set<string>; sends: number }>();
  for (const entry of log) {
    if (entry.method !== "POST" || !entry.idempotencyKey || !isApi(entry)) continue;
    const row = byKey.get(entry.idempotencyKey) ?? { created: 0, taskIds: new Set<string>(), sends: 0 };
    row.sends += 1;
    if (entry.status === 202) row.created += 1;
    if (entry.taskId) row.taskIds.add(entry.taskId);
    byKey.set(entry.idempotencyKey, row);
  }
  return byKey;
}

/** The first API request about a task (a poll) or a submission (a creation with its key) at or after `from`. */
export function firstTouchAfter(log: Recorded[], from: number, { taskId, key }: { taskId?: string; key?: string }): number | undefined {
  const hit = log
    .filter((entry) => entry.at >= from && ((taskId && pollOf(entry) === taskId) || (key && entry.idempotencyKey === key)))
    .sort((x, y) => x.at - y.at)[0];
  return hit?.at;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
