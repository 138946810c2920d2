import "server-only";
import { log } from "@/lib/log";
import { migrate } from "@/lib/migrate";
import { startEngine } from "@/lib/tasks/engine/loop";

/** Work done once per server process before it serves: the schema is brought up to date, then the task engine starts. */
export async function startServer(): Promise<void> {
  const result = await migrate();
  if (result.auth.length > 0 || result.darkroom.length > 0) log.info(result, "database migrated");
  startEngine();
}
