import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { mediaStore } from "@/lib/media/store";
import { migrate } from "@/lib/migrate";
import { startupProblems } from "@/lib/startup-checks";
import { startEngine } from "@/lib/tasks/engine/loop";

export type StartState = { phase: "starting" } | { phase: "ready" } | { phase: "failed"; reason: string };

// On globalThis: instrumentation.ts and the health routes are bundled apart but must see the same state.
const KEY = Symbol.for("darkroom.start");
const holder = globalThis as typeof globalThis & { [KEY]?: StartState };

/** Where this process's start-up is: the readiness route answers 503 until it is "ready". */
export function startState(): StartState {
  return holder[KEY] ?? { phase: "starting" };
}

/** Whether this process runs the task engine and the archive (DARKROOM_ROLE all or worker). */
export const runsEngine = () => env.DARKROOM_ROLE !== "web";

/**
 * Work done once per server process before it serves: the configuration is checked, the schema brought up
 * to date (under the migration lock), the media store tried, then the task engine starts where this role runs it.
 */
export async function startServer(): Promise<void> {
  holder[KEY] = { phase: "starting" };
  const problems = startupProblems(env);
  if (problems.length > 0) throw new Error(problems.join(" "));
  const result = await migrate();
  if (result.auth.length > 0 || result.darkroom.length > 0) log.info(result, "database migrated");
  try {
    await mediaStore().test();
  } catch (error) {
    // The store's own message may name its endpoint or folder: only its kind and error name are said.
    throw new Error(
      `The media store (MEDIA_STORE=${env.MEDIA_STORE}) cannot be read and written (${(error as Error).name}): check ${
        env.MEDIA_STORE === "s3" ? "S3_BUCKET, S3_ENDPOINT and the S3 keys" : "that MEDIA_DIR is writable"
      }.`,
    );
  }
  if (runsEngine()) startEngine();
  holder[KEY] = { phase: "ready" };
  log.info({ role: env.DARKROOM_ROLE, mediaStore: env.MEDIA_STORE }, "darkroom started");
}

/**
 * Starts, or ends the process with exit code 1 and a line saying why: an instance that cannot start must
 * not stay up answering 500s (its orchestrator restarts it, or the person starting it reads why).
 */
export async function startServerOrExit(): Promise<void> {
  try {
    await startServer();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    holder[KEY] = { phase: "failed", reason };
    console.error(`Darkroom could not start: ${reason}`);
    process.exit(1);
  }
}
