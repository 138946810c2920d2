// Runs before each test file: a fresh data folder (so a fresh SQLite database and auth secret) per file,
// and quiet logs. Tests that need Postgres connect to TEST_DATABASE_URL themselves.
// The file's temporary folders (its own, the emulator's, ffmpeg's) go under one root, removed when the file ends.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-test-"));
process.env.DATA_DIR = path.join(root, "data");
process.env.TMPDIR = path.join(root, "tmp");
mkdirSync(process.env.DATA_DIR);
mkdirSync(process.env.TMPDIR);
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL ??= "silent";

afterAll(() => rmSync(root, { recursive: true, force: true }));
