// A signed-in Darkroom for the page benchmarks (bench:bundle, bench:lighthouse): a scratch data folder with
// 240 tasks whose successes show real archived thumbnails, served by `next start` from the existing build.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";
import { serveBuild, signIn, type BrowserCookie } from "@/bench/app-server";

export const TASKS = 240;

export interface PageSite {
  base: string;
  cookies: BrowserCookie[];
  /** The pages to measure, by name: workspace, gallery, detail, credits, overview. */
  pages: Record<string, string>;
  close(): Promise<void>;
}

export async function openPageSite(): Promise<PageSite> {
  const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-pages-"));
  const config = pointAppAt(root);
  // App modules read the environment when first imported: only after it points at the scratch folder.
  const { ADMIN, archivedMedia, seedTasks, setupAdmin } = await import("./gallery-support");
  const { localStore } = await import("@/lib/media/store/local");
  const { closeDatabase } = await import("@/lib/db");
  const { userId } = await setupAdmin();
  await seedTasks({ total: TASKS, userId, media: await archivedMedia(localStore(config.MEDIA_DIR), 10) });
  await closeDatabase();
  const served = await serveBuild(config);
  if (typeof served === "string") {
    rmSync(root, { recursive: true, force: true });
    throw new Error(served);
  }
  return {
    base: served.base,
    cookies: await signIn(served.base, ADMIN),
    pages: {
      workspace: "/generate",
      gallery: "/tasks",
      detail: "/tasks/task_bench_000000",
      credits: "/credits",
      overview: "/",
    },
    async close() {
      served.process.kill("SIGTERM");
      await new Promise((resolve) => served.process.once("exit", resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
