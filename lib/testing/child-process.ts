// A Darkroom process for the crash tests (lib/tasks/engine/crash.test.ts, lib/batches/crash.test.ts): a script under
// bench/ run with tsx on the test's own database (the SQLite file under DATA_DIR, or the Postgres leg's database),
// whose stdout lines the test waits for before killing it at the moment they mark.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env } from "@/lib/env";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ChildEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Child {
  process: ChildProcess;
  /** Resolves with the first stdout line that starts with `prefix`. */
  line(prefix: string, timeoutMs?: number): Promise<string>;
  /** Every complete stdout line so far. */
  lines(): string[];
  exited: Promise<ChildEnd>;
}

/** The children still running: a test's afterEach kills them (SIGKILL) so none outlives its test. */
export const children = new Set<ChildProcess>();

export function spawnChild(script: string, args: string[]): Child {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let stdout = "";
  let stderr = "";
  const waiters: { prefix: string; resolve: (line: string) => void }[] = [];
  const complete = () => stdout.split("\n").slice(0, -1);
  const printed = (prefix: string) => complete().find((line) => line.startsWith(prefix));
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const waiter of [...waiters]) {
      const found = printed(waiter.prefix);
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<ChildEnd>((resolve) => {
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    process: child,
    exited,
    lines: complete,
    line: (prefix, timeoutMs = 45_000) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the child never printed "${prefix}" (stdout: ${stdout}; stderr: ${stderr})`)),
          timeoutMs,
        );
        const done = (line: string) => {
          clearTimeout(timer);
          resolve(line);
        };
        const already = printed(prefix);
        if (already !== undefined) return done(already);
        waiters.push({ prefix, resolve: done });
        void exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(
            new Error(`the child ended (${signal ?? `exit ${code}`}) before printing "${prefix}" (stdout: ${stdout}; stderr: ${stderr})`),
          );
        });
      }),
  };
}
