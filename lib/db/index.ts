import "server-only";
import { env } from "@/lib/env";
import { connect, type Connection } from "./connect";

let connection: Connection | undefined;

/** The app's database, opened on first use (not at import, so building the app touches no database). */
export function database(): Connection {
  connection ??= connect(env.DATABASE_URL);
  return connection;
}

/** Closes the pool or file (tests and scripts that must end cleanly). */
export async function closeDatabase(): Promise<void> {
  const open = connection;
  connection = undefined;
  await open?.db.destroy();
}
