// The Postgres leg of `npm run bench:gallery`, run by bench/gallery.ts as a child process: the app reads
// DATABASE_URL once, so each database is measured in a process of its own. argv[2] is a database URL
// (a fresh, empty database the parent creates and drops). Prints its figures as one JSON line.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";

const url = process.argv[2];
if (!url) throw new Error("usage: gallery-postgres.ts postgres://…");
const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-gallery-pg-"));
pointAppAt(root, url);

const { setupAdmin, seedTasks } = await import("./gallery-support");
const { measureQueries } = await import("./query-figures");
const { closeDatabase } = await import("@/lib/db");
try {
  const { userId } = await setupAdmin();
  const seedStart = Date.now();
  await seedTasks({ total: Number(process.argv[3] ?? 100_000), userId, media: [] });
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const figures = await measureQueries(Number(process.argv[4] ?? 50_000));
  console.log(JSON.stringify({ ...figures, seedSeconds }));
} finally {
  await closeDatabase();
  rmSync(root, { recursive: true, force: true });
}
