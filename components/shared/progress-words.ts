// Words for a live task's progress, the same on every card and page (client-safe, no React).
import { DEADLINE_MS, type TaskEstimate } from "@/lib/schemas/views";

/** The deadline is shown only when it is this near: earlier it is noise that makes a bar look stalled. */
export const DEADLINE_NEAR_MS = 5 * 60_000;

/** "4:07" for a duration in milliseconds. */
export function clockOf(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** "about 20 s left", "about 3 min left": rounded so the words do not flicker every second. */
export function timeLeftWords(ms: number): string {
  if (ms < 10_000) return "a few seconds left";
  if (ms < 60_000) return `about ${Math.round(ms / 5_000) * 5} s left`;
  return `about ${Math.round(ms / 60_000)} min left`;
}

export type Progress =
  { kind: "estimate"; share: number; words: string } | { kind: "overrun"; words: string } | { kind: "unknown"; words: string };

/** Where a live task stands against its estimate; without one, only how long it has run. */
export function progressOf({ createdAt, estimate }: { createdAt: string; estimate?: TaskEstimate | null }, now: number): Progress {
  const elapsed = Math.max(0, now - Date.parse(createdAt));
  if (!estimate) return { kind: "unknown", words: `Running for ${clockOf(elapsed)}` };
  if (elapsed >= estimate.expectedMs) return { kind: "overrun", words: "Taking longer than usual" };
  return { kind: "estimate", share: elapsed / estimate.expectedMs, words: timeLeftWords(estimate.expectedMs - elapsed) };
}

/** "Deadline in 3:12" in the last five minutes before the API fails the task; otherwise nothing. */
export function deadlineWords(createdAt: string, now: number): string | null {
  const left = DEADLINE_MS - Math.max(0, now - Date.parse(createdAt));
  if (left > DEADLINE_NEAR_MS) return null;
  return left > 0 ? `Deadline in ${clockOf(left)}` : "Past the 30-minute deadline";
}
