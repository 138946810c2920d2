import "server-only";
import { getMigrations } from "better-auth/db/migration";
import { authOptions } from "@/lib/auth/auth";
import { database } from "@/lib/db";
import { migrateDarkroom, pendingMigrations } from "@/lib/db/migrate";
import { withMigrationLock } from "@/lib/db/migration-lock";

/**
 * Brings the database up to date: better-auth's tables (from its options), then Darkroom's migrations, all
 * under one lock so that instances starting together take turns. Whoever waited finds nothing to do; every
 * instance then checks that nothing is left, so none serves a schema it does not know.
 */
export async function migrate(): Promise<{ auth: string[]; darkroom: string[] }> {
  const connection = database();
  return withMigrationLock(connection, async () => {
    const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(authOptions());
    await runMigrations();
    const darkroom = await migrateDarkroom(connection.db);
    const auth = await getMigrations(authOptions());
    const left = [...[...auth.toBeCreated, ...auth.toBeAdded].map((table) => table.table), ...(await pendingMigrations(connection.db))];
    if (left.length > 0) throw new Error(`The database schema is still incomplete after migrating (${left.join(", ")}).`);
    return { auth: [...toBeCreated, ...toBeAdded].map((table) => table.table), darkroom };
  });
}
