import "server-only";
import { log } from "@/lib/log";
import { migrate } from "@/lib/migrate";

/** Work done once per server process before it serves: the database schema is brought up to date. */
export async function startServer(): Promise<void> {
  const result = await migrate();
  if (result.auth.length > 0 || result.darkroom.length > 0) log.info(result, "database migrated");
}
