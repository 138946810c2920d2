// The production build: whether it is older than what it is made from, and making it. `npm start` and
// `npm run test:scale` share this, so both rebuild for the same changes.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

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
  "tsconfig.build.json",
];

/** The newest modification time under `entry` (tests excluded: they are not built). */
function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const names = readdirSync(entry).filter((name) => !name.endsWith(".test.ts"));
  return Math.max(0, ...names.map((name) => newest(path.join(entry, name))));
}

export function needsBuild(): boolean {
  const buildId = path.join(".next", "BUILD_ID");
  return !existsSync(buildId) || Math.max(...SOURCES.map(newest)) > statSync(buildId).mtimeMs;
}

/** `next build`, its output on this terminal; resolves with whether it succeeded. */
export async function build(env: NodeJS.ProcessEnv): Promise<boolean> {
  const child = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], { env, stdio: "inherit" });
  return (await new Promise<number | null>((resolve) => child.on("exit", resolve))) === 0;
}
