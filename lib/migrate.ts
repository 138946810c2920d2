import "server-only";
import { getMigrations } from "better-auth/db/migration";
import { authOptions } from "@/lib/auth/auth";
import { database } from "@/lib/db";
import { migrateDarkroom } from "@/lib/db/migrate";

/** Brings the database up to date: better-auth's tables (from its options), then Darkroom's migrations. */
export async function migrate(): Promise<{ auth: string[]; darkroom: string[] }> {
  const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(authOptions());
  await runMigrations();
  const darkroom = await migrateDarkroom(database().db);
  return { auth: [...toBeCreated, ...toBeAdded].map((table) => table.table), darkroom };
}
