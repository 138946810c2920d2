// Runs before each test file: a fresh data folder (so a fresh SQLite database and auth secret) per file,
// and quiet logs. Tests that need Postgres connect to TEST_DATABASE_URL themselves.
// The file's temporary folders (its own, the emulator's, ffmpeg's) go under one root, removed when the file ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";

// Files take turns in a worker process (vitest.config.ts: `isolate: false`, which saves starting a process and
// loading Next, better-auth and the rest for each file). Each file still starts as if alone: the app's own
// modules are evaluated afresh (so their singletons, such as the database connection and `env`, are new), the
// environment is the one the worker started with, and the per-process state the app keeps on globalThis
// (lib/events/bus.ts and the like, under "darkroom" keys) is gone.
vi.resetModules();
const worker = globalThis as typeof globalThis & { __testBaseEnv?: NodeJS.ProcessEnv };
const baseEnv = (worker.__testBaseEnv ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in baseEnv)) delete process.env[key];
Object.assign(process.env, baseEnv);
for (const key of Object.getOwnPropertySymbols(globalThis))
  if (key.description?.startsWith("darkroom.")) delete (globalThis as Record<symbol, unknown>)[key];
for (const key of Object.keys(globalThis)) if (key.startsWith("__darkroom")) delete (globalThis as Record<string, unknown>)[key];

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-test-"));
process.env.DATA_DIR = path.join(root, "data");
process.env.TMPDIR = path.join(root, "tmp");
mkdirSync(process.env.DATA_DIR);
mkdirSync(process.env.TMPDIR);
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL ??= "silent";

// Under `npm test`, each file's CPU seconds in its worker (scripts/test-times.mjs lists the costliest files).
const timesDir = process.env.TEST_TIMES_DIR;
const startedCpu = process.cpuUsage();
let file = "";
beforeAll(({}, suite) => {
  file = path.relative(process.cwd(), suite.file.filepath);
});

afterAll(async () => {
  // The file's own instance of lib/db (the next file gets a new one): its SQLite file or Postgres pool closes here.
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  rmSync(root, { recursive: true, force: true });
  if (!timesDir) return;
  const { user, system } = process.cpuUsage(startedCpu);
  const dir = path.join(timesDir, "vitest-cpu");
  mkdirSync(dir, { recursive: true });
  const project = process.env.EMULATOR_PROFILE ? "profiles" : process.env.DATABASE_URL ? "postgres" : "sqlite";
  writeFileSync(path.join(dir, `${path.basename(root)}.json`), JSON.stringify({ file, project, cpu: (user + system) / 1e6 }));
});
