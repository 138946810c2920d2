import { type Kysely, Migrator, NO_MIGRATIONS } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { migrateDarkroom } from "@/lib/db/migrate";
import { migrations } from "@/lib/db/migrations";
import { migrate } from "@/lib/migrate";
import { unmigrated } from "@/lib/testing/app";

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
    await unmigrated();
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

  // Issue 25, finding 3: tokens of an admin who was disabled or demoted were only suspended, and never expired.
  it("0018 gives older export tokens 90 days from the upgrade and revokes the suspended ones", async () => {
    const { db } = database();
    // Down to just before 0018, whatever came after it.
    expect((await migrator().migrateTo("0017-list-version")).results?.at(-1)?.migrationName).toBe("0018-export-token-expiry");
    const iso = "2026-01-01T00:00:00.000Z";
    const people = [
      ["u_admin", "admin", 0],
      ["u_disabled", "admin", 1],
      ["u_demoted", "member", 0],
    ] as const;
    for (const [id, role, disabled] of people)
      await db
        .insertInto("user")
        .values({ id, name: id, email: `${id}@example.com`, emailVerified: 0, image: null, createdAt: iso, updatedAt: iso, role, disabled })
        .execute();
    for (const [id] of people)
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("export_tokens")
        .values({ id: `t_${id}`, user_id: id, token_hash: id, created_at: iso, last_used_at: null, revoked_at: null })
        .execute();
    const before = Date.now();
    expect((await migrator().migrateUp()).error).toBeUndefined();
    const rows = await db.selectFrom("export_tokens").select(["id", "revoked_at", "expires_at"]).orderBy("id").execute();
    expect(rows.map((row) => [row.id, row.revoked_at !== null])).toEqual([
      ["t_u_admin", false],
      ["t_u_demoted", true],
      ["t_u_disabled", true],
    ]);
    for (const row of rows) expect(Date.parse(row.expires_at) - before).toBeGreaterThanOrEqual(90 * 86_400_000);
    await db.deleteFrom("export_tokens").execute();
    await db.deleteFrom("user").execute();
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
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
