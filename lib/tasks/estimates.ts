import "server-only";
import type { Kysely } from "kysely";
import { recentSuccesses } from "@/lib/db/estimates";
import type { Database } from "@/lib/db/schema";
import type { TaskEstimate, TaskView } from "@/lib/schemas/views";

// How long a task is expected to take, from how long this model's recent tasks took (created → completed,
// on Darkroom's clock, which is what the card's elapsed time counts): the median of the last 20 successes
// with the same settings, else of the model's last 20 whatever their settings, else nothing.

/** What drives a run's duration: the mode, the length of a video, its resolution or quality, and the count of images. */
const DURATION_FIELDS = ["mode", "duration", "resolution", "quality", "n"] as const;
export const ESTIMATE_SAMPLES = 20;
/** Fewer than this many runs say too little: fall back (settings → model → no estimate). */
export const MIN_SAMPLES = 3;
/** How far back to look for runs with the same settings among the model's successes. */
const LOOK_BACK = 200;

function parse(params: string | Record<string, unknown> | null): Record<string, unknown> {
  if (params && typeof params === "object") return params;
  try {
    return params ? (JSON.parse(params) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The settings that drive a run's duration, as one comparable string (missing fields are the model's defaults). */
export function settingsKey(params: string | Record<string, unknown> | null): string {
  const request = parse(params);
  return JSON.stringify(DURATION_FIELDS.map((field) => request[field] ?? null));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

export type Estimator = (model: string, params: string | Record<string, unknown> | null) => Promise<TaskEstimate | null>;

/**
 * An estimator for one request (or one engine pass): each model's recent successes are read once, however
 * many of its tasks or submissions are estimated.
 */
export function estimator(db: Kysely<Database>): Estimator {
  const runs = new Map<string, Promise<{ key: string; ms: number }[]>>();
  const load = (model: string) => {
    let loaded = runs.get(model);
    if (!loaded) {
      loaded = recentSuccesses(db, { model, limit: LOOK_BACK }).then((rows) =>
        rows
          .map((row) => ({ key: settingsKey(row.params), ms: Date.parse(row.completed_at) - Date.parse(row.created_at) }))
          .filter((run) => Number.isFinite(run.ms) && run.ms >= 0),
      );
      runs.set(model, loaded);
    }
    return loaded;
  };
  return async (model, params) => {
    const all = await load(model);
    const key = settingsKey(params);
    const same = all.filter((run) => run.key === key).slice(0, ESTIMATE_SAMPLES);
    if (same.length >= MIN_SAMPLES) return { expectedMs: median(same.map((run) => run.ms)), basis: "settings", samples: same.length };
    const any = all.slice(0, ESTIMATE_SAMPLES);
    if (any.length >= MIN_SAMPLES) return { expectedMs: median(any.map((run) => run.ms)), basis: "model", samples: any.length };
    return null;
  };
}

/** Live tasks get their estimate; the rest are returned as they are. */
export async function withEstimates<T extends TaskView>(db: Kysely<Database>, views: T[]): Promise<T[]> {
  const estimate = estimator(db);
  return Promise.all(
    views.map(async (view) =>
      view.status === "pending" || view.status === "processing" ? { ...view, estimate: await estimate(view.model, view.params) } : view,
    ),
  );
}
