// The Postgres leg of `npm run bench:gallery`, run by bench/gallery.ts as a child process: the app reads
// DATABASE_URL once, so each database is measured in a process of its own. argv[2] is a database URL
// (a fresh, empty database the parent creates and drops), argv[3] the sizes to measure at, ascending and
// comma-separated (one table grown from each to the next). Prints its figures as one JSON array on the last line.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";

const url = process.argv[2];
if (!url) throw new Error("usage: gallery-postgres.ts postgres://… [sizes]");
const sizes = (process.argv[3] ?? "100000").split(",").map(Number);
const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-gallery-pg-"));
pointAppAt(root, url);

const { setupAdmin } = await import("./gallery-support");
const { figuresBySize } = await import("./query-figures");
const { closeDatabase } = await import("@/lib/db");
try {
  const { userId } = await setupAdmin();
  console.log(JSON.stringify(await figuresBySize({ sizes, userId, media: [] })));
} finally {
  await closeDatabase();
  rmSync(root, { recursive: true, force: true });
}
