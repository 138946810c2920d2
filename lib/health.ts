import "server-only";
import { database } from "@/lib/db";
import { pingDatabase } from "@/lib/db/health";
import { pendingMigrations } from "@/lib/db/migrate";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { mediaStore } from "@/lib/media/store";
import { runsEngine, startState } from "@/lib/server-start";
import { currentEngine } from "@/lib/tasks/engine/loop";

// Readiness for load balancers and orchestrators: may this instance take traffic (web) or work (worker)?
// Every part answers "ok" or a short reason a person can act on; nothing secret (no URLs, keys, folders).

export interface Readiness {
  ready: boolean;
  role: "all" | "web" | "worker";
  start: string;
  database: string;
  media: string;
  engine: string;
}

const CHECK_TIMEOUT_MS = 5_000;

async function check(name: string, work: () => Promise<string>): Promise<string> {
  try {
    return await Promise.race([
      work(),
      new Promise<string>((resolve) => setTimeout(() => resolve("no answer within 5 s"), CHECK_TIMEOUT_MS).unref()),
    ]);
  } catch (error) {
    // The error's name only: drivers put hosts and paths in their messages.
    log.warn({ check: name, error: (error as Error).name }, "readiness check failed");
    return "unreachable";
  }
}

function engineState(): string {
  if (!runsEngine()) return "not run by this role";
  if (currentEngine()) return "ok";
  if (!env.GENERATION_API_BASE_URL || !env.GENERATION_API_KEY)
    return env.DARKROOM_ROLE === "worker"
      ? "not running: GENERATION_API_BASE_URL and GENERATION_API_KEY are not set"
      : "no upstream configured";
  return "not running";
}

export async function readiness(): Promise<Readiness> {
  const started = startState();
  const start = started.phase === "ready" ? "ok" : started.phase === "failed" ? `failed: ${started.reason}` : "starting";
  const [databaseState, media] = await Promise.all([
    check("database", async () => {
      await pingDatabase(database().db);
      const pending = await pendingMigrations(database().db);
      return pending.length === 0 ? "ok" : `not migrated (${pending.length} pending)`;
    }),
    check("media", async () => {
      await mediaStore().test();
      return "ok";
    }),
  ]);
  const engine = engineState();
  // Without an upstream, `all` still serves the dashboard (tasks wait); a worker with nothing to do is not ready.
  const engineOk = engine === "ok" || engine === "not run by this role" || engine === "no upstream configured";
  return {
    ready: start === "ok" && databaseState === "ok" && media === "ok" && engineOk,
    role: env.DARKROOM_ROLE,
    start,
    database: databaseState,
    media,
    engine,
  };
}
