import "server-only";
import path from "node:path";

/**
 * Points the app's configuration at a scratch folder, for a benchmark that is about to import app modules
 * (lib/env.ts reads the environment once, at import). The one place a script writes the environment.
 */
export function pointAppAt(
  dataDir: string,
  /** Another database than the folder's SQLite file (a Postgres URL). */
  databaseUrl?: string,
): { DATA_DIR: string; DATABASE_URL: string; MEDIA_DIR: string; LOG_LEVEL: string } {
  const config = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? path.join(dataDir, "darkroom.db"),
    MEDIA_DIR: path.join(dataDir, "media"),
    LOG_LEVEL: "silent",
  };
  Object.assign(process.env, config);
  return config;
}
