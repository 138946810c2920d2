import "server-only";
import { Migrator, type Kysely } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Applies Darkroom's own migrations (lib/migrate.ts holds the start-up lock around this and better-auth's). */
export async function migrateDarkroom(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/** The names of Darkroom's migrations this database has not run (readiness, and the check after migrating). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
