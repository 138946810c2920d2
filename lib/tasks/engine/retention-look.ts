import "server-only";
import { dueRetentionLooks } from "@/lib/db/expiring";
import { succeededBy, upstreamCopy, type CopyFacts, type UpstreamClock } from "@/lib/retention";
import { upstreamSkewMs } from "@/lib/upstream/clock";
import type { Engine } from "./context";

// The archive's last look at an image: one poll an hour after its upstream copy goes, to record the deletion
// (media_deleted) beside the archived file. When it goes is lib/retention.ts's answer, reckoned afresh each
// time with the skew measured now: a look stored at the success would keep the skew of that moment, and
// miss by days once the upstream's clock moved. So an archived image waits with no poll scheduled, and a
// sweep makes due those whose copy went an hour ago by today's reckoning.

/** After the upstream's deletion: its clock and ours agree to a second or two, so an hour is ample. */
export const RETENTION_LOOK_DELAY_MS = 60 * 60_000;
/** An image the upstream still serves after its reckoned end (a longer plan than ACCOUNT_PLAN says) is looked at daily. */
const OUTLIVED_LOOK_MS = 24 * 60 * 60_000;
/** The sweep's query reads every archived image: once a minute is plenty for a look timed to the hour. */
const SWEEP_EVERY_MS = 60_000;

const swept = new WeakMap<Engine, number>();

/** The upstream's clock as this engine knows it: the skew was measured against the engine's own clock. */
export const engineClock = (engine: Engine): UpstreamClock => ({ plan: engine.plan, skewMs: upstreamSkewMs() });

/** When the engine takes its last look at this image (Darkroom's clock), or null when it takes none. */
export function retentionLookAt(task: CopyFacts, engine: Engine): string | null {
  if (task.archive_state !== "done") return null;
  const copy = upstreamCopy(task, engine.now().getTime(), engineClock(engine));
  return copy ? new Date(Date.parse(copy.expiresAt) + RETENTION_LOOK_DELAY_MS).toISOString() : null;
}

/**
 * The next poll of an archived success: none while its copy lasts (the sweep brings it due); once the look is
 * past and the upstream still serves the copy, a day later.
 */
export function nextLookAfterSuccess(task: CopyFacts, engine: Engine): string | null {
  const at = retentionLookAt(task, engine);
  const now = engine.now().getTime();
  return at !== null && Date.parse(at) <= now ? new Date(now + OUTLIVED_LOOK_MS).toISOString() : null;
}

/** Makes due the last looks whose time has come (at most once a minute of the engine's clock). Answers how many. */
export async function sweepRetentionLooks(engine: Engine): Promise<number> {
  const now = engine.now().getTime();
  const last = swept.get(engine);
  if (last !== undefined && now - last < SWEEP_EVERY_MS && now >= last) return 0;
  swept.set(engine, now);
  return dueRetentionLooks(engine.connection.db, {
    by: succeededBy(now - RETENTION_LOOK_DELAY_MS, engineClock(engine)),
    now: new Date(now).toISOString(),
  });
}
