// bench:lighthouse's floor: bench/floor/app (a Next.js page with one client component and nothing of
// Darkroom's) built and served the way Darkroom's pages are, so the same run says how much of a page's time
// is the framework's on this machine. Built in a scratch folder with its own node_modules (hard links to
// the project's): inside the repository, Next would take the project's instrumentation and config for its own.
import "server-only";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startNext } from "@/bench/app-server";

export interface FloorSite {
  url: string;
  close(): Promise<void>;
}

export async function openFloorSite(): Promise<FloorSite> {
  const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-floor-"));
  cpSync(path.join("bench", "floor", "app"), path.join(root, "app"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), '{ "private": true }\n');
  const linked = spawnSync("cp", ["-al", path.resolve("node_modules"), path.join(root, "node_modules")]);
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const built = linked.status === 0 && spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "ignore" }).status === 0;
  if (!built) {
    rmSync(root, { recursive: true, force: true });
    throw new Error("the floor page did not build");
  }
  const served = await startNext({ cwd: root, ready: "/" });
  if (typeof served === "string") {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`the floor page: ${served}`);
  }
  return {
    url: `${served.base}/`,
    async close() {
      served.process.kill("SIGTERM");
      await new Promise((resolve) => served.process.once("exit", resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
