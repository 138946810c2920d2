// bench:live-clients's arithmetic: memory per client as a least-squares line, and event delivery times.
import type { SseClient } from "./sse-client";

export interface MemoryStep {
  clients: number;
  heap: number;
  rss: number;
}

/** Slope (bytes per client) and R² of y against the client count. */
function line(points: [number, number][]): { slope: number; r2: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const syy = points.reduce((s, [, y]) => s + (y - my) ** 2, 0);
  const slope = sxy / sxx;
  return { slope, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

export function memoryFit(steps: MemoryStep[]): { heapSlope: number; heapR2: number; rssSlope: number; rssR2: number } {
  const heap = line(steps.map((s) => [s.clients, s.heap]));
  const rss = line(steps.map((s) => [s.clients, s.rss]));
  return { heapSlope: heap.slope, heapR2: heap.r2, rssSlope: rss.slope, rssR2: rss.r2 };
}

/**
 * Every task and submission event each client received since `since`, timed from the event's creation (its
 * `task_events.created_at`, found by the event's id) to its receipt. Percentiles in whole ms.
 */
export function deliveryFigures(
  clients: SseClient[],
  createdAt: Map<number, number>,
  since: number,
): { events: number; unknown: number; p50: number; p99: number; max: number } {
  const delays: number[] = [];
  let unknown = 0;
  for (const client of clients) {
    for (const event of client.events) {
      if ((event.type !== "task" && event.type !== "submission") || event.at < since) continue;
      const created = createdAt.get(event.seq);
      if (created === undefined) unknown += 1;
      else delays.push(event.at - created);
    }
  }
  delays.sort((a, b) => a - b);
  const at = (p: number) => Math.round(delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)] ?? NaN);
  return { events: delays.length, unknown, p50: at(50), p99: at(99), max: at(100) };
}
