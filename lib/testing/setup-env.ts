// Runs before each test file: a fresh data folder (so a fresh SQLite database and auth secret) per file,
// and quiet logs. Tests that need Postgres connect to TEST_DATABASE_URL themselves.
// The file's temporary folders (its own, the emulator's, ffmpeg's) go under one root, removed when the file ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { snapshotProcess } from "./process-state";

// Files share their worker (isolate: false in vitest.config.ts): the project's modules are evaluated afresh for
// each file, so each has its own database, settings and caches, while the packages (better-auth, kysely, zod…)
// stay loaded, which was most of a file's start.
vi.resetModules();

// The process as the file found it (its environment, servers' request handling, timers, globals, Darkroom's
// per-process state), given back when it ends: tests set variables (S3's, a public URL) for their own file only.
const restoreProcess = snapshotProcess();
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
  rmSync(root, { recursive: true, force: true });
  if (timesDir) {
    const { user, system } = process.cpuUsage(startedCpu);
    const dir = path.join(timesDir, "vitest-cpu");
    mkdirSync(dir, { recursive: true });
    const project = process.env.EMULATOR_PROFILE ? "profiles" : process.env.DATABASE_URL ? "postgres" : "sqlite";
    writeFileSync(path.join(dir, `${path.basename(root)}.json`), JSON.stringify({ file, project, cpu: (user + system) / 1e6 }));
  }
  await restoreProcess();
});
