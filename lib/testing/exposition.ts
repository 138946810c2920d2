// Reading a Prometheus exposition in tests: sums of a metric's samples, optionally filtered by labels, and
// promtool's own check of the text (promtool comes with Debian's prometheus package; .ci/run installs it).
import { spawnSync } from "node:child_process";

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function samples(text: string): Sample[] {
  const found: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) throw new Error(`unreadable exposition line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return found;
}

export function sum(text: string, name: string, where: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}

/** Runs promtool with `args`, the text on stdin; a missing promtool fails (never skips) with how to get it. */
export function promtool(args: string[], input?: string): { ok: boolean; output: string } {
  const run = spawnSync("promtool", args, { input, encoding: "utf8" });
  if (run.error && (run.error as NodeJS.ErrnoException).code === "ENOENT")
    throw new Error("promtool is not installed: apt-get install -y --no-install-recommends prometheus (.ci/run installs it)");
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}
