// Runs before each test file: a fresh data folder (so a fresh SQLite database and auth secret) per file,
// and quiet logs. Tests that need Postgres connect to TEST_DATABASE_URL themselves.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "darkroom-test-"));
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL ??= "silent";
