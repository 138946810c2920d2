import "server-only";
import { Migrator, type Kysely } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

/** Applies Darkroom's own migrations; Kysely's lock table keeps two processes from running them at once. */
export async function migrateDarkroom(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
