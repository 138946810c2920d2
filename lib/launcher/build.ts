// The production build: whether it is older than what it is made from, and making it. `npm start` and
// `npm run test:scale` share this, so both rebuild for the same changes.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { builtLine, nextStep, progressLine, PROGRESS_EVERY_MS, type BuildNeed } from "./build-messages";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "proxy.ts",
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

/** The newest modification time under `entry` (tests excluded: they are not built). */
function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const names = readdirSync(entry).filter((name) => !name.endsWith(".test.ts"));
  return Math.max(0, ...names.map((name) => newest(path.join(entry, name))));
}

/** Why the production build must be made first: none yet, or sources newer than it; undefined when it is up to date. */
export function buildNeed(): BuildNeed | undefined {
  const buildId = path.join(".next", "BUILD_ID");
  if (!existsSync(buildId)) return "first";
  return Math.max(...SOURCES.map(newest)) > statSync(buildId).mtimeMs ? "stale" : undefined;
}

export function needsBuild(): boolean {
  return buildNeed() !== undefined;
}

/**
 * `next build`, its output passed on to this terminal, with a line every PROGRESS_EVERY_MS saying how long it
 * has run and Next's current step (Next can be silent for minutes while it compiles); resolves with whether it
 * succeeded. Next's output is piped rather than inherited, so its spinners do not fight the progress lines.
 */
export async function build(env: NodeJS.ProcessEnv): Promise<boolean> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let step: string | undefined;
  child.stdout.pipe(process.stdout);
  child.stderr.pipe(process.stderr);
  for (const output of [child.stdout, child.stderr]) {
    createInterface({ input: output }).on("line", (line) => (step = nextStep(step, line)));
  }
  const progress = setInterval(() => console.log(progressLine(Date.now() - started, step)), PROGRESS_EVERY_MS);
  // "close", not "exit": Next's last lines (the route table) are out before the closing line.
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearInterval(progress);
  if (code === 0) console.log(builtLine(Date.now() - started));
  return code === 0;
}
