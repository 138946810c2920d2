// How long the upstream keeps an image (spec: 7 days on free accounts, up to 30 on paid or Lifetime).
// Videos have no guaranteed period: their URLs may be temporary.

export const RETENTION_DAYS = { free: 7, paid: 30, lifetime: 30 } as const;
export type Plan = keyof typeof RETENTION_DAYS;

const DAY_MS = 86_400_000;
/** Under this, a task page warns when no archived copy exists. */
export const EXPIRY_WARNING_MS = 2 * DAY_MS;

interface Succeeded {
  kind: "image" | "video";
  status: string;
  completed_at: string | null;
  upstream_updated_at: string | null;
}

/**
 * When the upstream deletes its copy of an image, on our clock: its success on the upstream's clock plus the
 * plan's retention, less how far the upstream's clock is ahead of ours. Without the upstream's timestamp,
 * the moment Darkroom saw the success stands in. Null for videos and unfinished or failed tasks.
 */
export function imageExpiresAt(task: Succeeded, plan: Plan, skewMs: number): string | null {
  if (task.kind !== "image" || task.status !== "succeeded" || !task.completed_at) return null;
  const done = task.upstream_updated_at ? Date.parse(task.upstream_updated_at) - skewMs : Date.parse(task.completed_at);
  return Number.isNaN(done) ? null : new Date(done + RETENTION_DAYS[plan] * DAY_MS).toISOString();
}
