// What `npm start` says about the build: why it builds (or that it need not), how long that takes, and a line
// every so often while Next works, so a first start on a small machine does not look stuck for minutes.
// Plain functions of their inputs, so the choice of words is tested without building.

/** Why a start builds: there is no build yet, or the sources are newer than it. */
export type BuildNeed = "first" | "stale";

/** How often a progress line is printed while the build runs. */
export const PROGRESS_EVERY_MS = 15_000;

// Measured: a first `npm ci && npm start` on a fresh clone built for about 5 minutes on two busy cores.
const HOW_LONG = "about 3–5 minutes on two cores, less on more";

/** The line printed before anything else starts. */
export function startMessage(need: BuildNeed | undefined, dev: boolean): string {
  if (dev) return "Development mode: no build; each page compiles the first time it is opened.";
  if (need === "first") return `Building Darkroom for the first time (next build): ${HOW_LONG}. The address follows when it is ready.`;
  if (need === "stale") return `The sources changed since the last build: building again (next build), ${HOW_LONG}.`;
  return "Build is up to date: starting.";
}

/** "45 s", "3 min 05 s". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}

/** The line printed every PROGRESS_EVERY_MS while the build runs, with Next's current step when it named one. */
export function progressLine(elapsedMs: number, step: string | undefined): string {
  return `Still building, ${formatElapsed(elapsedMs)} so far${step ? ` (Next: ${step})` : ""}…`;
}

/** The line printed when the build has finished. */
export function builtLine(elapsedMs: number): string {
  return `Built in ${formatElapsed(elapsedMs)}.`;
}

// Colour codes, which Next leaves out when its output is not a terminal but may still send.
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The step Next is at after printing `line`: a step it starts ends in "..." ("Creating an optimized production
 * build ..."); a line starting with "✓" or "Finished" says the step is over; anything else (the route table,
 * warnings) keeps the step as it was.
 */
export function nextStep(current: string | undefined, line: string): string | undefined {
  const text = line.replace(ANSI, "").trim();
  if (/^(✓|Finished\b)/.test(text)) return undefined;
  const started = /^(?:[^\p{L}\p{N}]+\s)?(.*\p{L}.*?)\s*(?:\.\.\.|…)$/u.exec(text);
  return started ? started[1] : current;
}
