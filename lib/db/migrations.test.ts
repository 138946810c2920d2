import { Migrator, NO_MIGRATIONS } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { migrateDarkroom } from "@/lib/db/migrate";
import { migrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/migrate";

const AUTH_TABLES = ["user", "session", "account", "verification", "rateLimit"];
const DARKROOM_TABLES = ["instance", "audit_log"];

async function tableNames(): Promise<string[]> {
  const tables = await database().db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.map((table) => table.name);
}

function migrator() {
  return new Migrator({ db: database().db, provider: { getMigrations: async () => migrations } });
}

describe(`migrations on ${process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite"}`, () => {
  let first: Awaited<ReturnType<typeof migrate>>;

  beforeAll(async () => {
    expect(await tableNames()).toEqual([]);
    first = await migrate();
  });

  it("opens the dialect DATABASE_URL names", () => {
    expect(database().dialect).toBe(process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "sqlite");
  });

  it("creates better-auth's tables and Darkroom's on a fresh database", async () => {
    expect(first.auth).toEqual(expect.arrayContaining(AUTH_TABLES));
    expect(first.darkroom).toEqual(Object.keys(migrations));
    expect(await tableNames()).toEqual(
      expect.arrayContaining([...AUTH_TABLES, ...DARKROOM_TABLES, "kysely_migration", "kysely_migration_lock"]),
    );
  });

  it("gives the user table Darkroom's role and disabled columns", async () => {
    const tables = await database().db.introspection.getTables();
    const columns = tables.find((table) => table.name === "user")?.columns.map((column) => column.name);
    expect(columns).toEqual(expect.arrayContaining(["id", "name", "email", "role", "disabled", "createdAt"]));
  });

  it("does nothing the second time", async () => {
    expect(await migrate()).toEqual({ auth: [], darkroom: [] });
    expect(await migrateDarkroom(database().db)).toEqual([]);
  });

  it("runs every Darkroom migration down, newest first, leaving better-auth's tables", async () => {
    const names = Object.keys(migrations);
    for (const name of [...names].reverse()) {
      const { error, results } = await migrator().migrateDown();
      expect(error).toBeUndefined();
      expect(results).toEqual([expect.objectContaining({ migrationName: name, direction: "Down", status: "Success" })]);
    }
    const left = await tableNames();
    for (const table of DARKROOM_TABLES) expect(left).not.toContain(table);
    expect(left).toEqual(expect.arrayContaining(AUTH_TABLES));
    expect((await migrator().getMigrations()).every((migration) => migration.executedAt === undefined)).toBe(true);
  });

  it("goes down to nothing and back up again", async () => {
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tableNames()).toEqual(expect.arrayContaining(DARKROOM_TABLES));
    const down = await migrator().migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toEqual(Object.keys(migrations).reverse());
    expect(await tableNames()).not.toContain("audit_log");
    expect((await migrate()).darkroom).toEqual(Object.keys(migrations));
    expect(await tableNames()).toEqual(expect.arrayContaining([...AUTH_TABLES, ...DARKROOM_TABLES]));
  });
});
