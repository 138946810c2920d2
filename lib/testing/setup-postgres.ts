// The Postgres leg: before each test file, a new database on TEST_DATABASE_URL's server becomes DATABASE_URL;
// after the file it is dropped. Runs after setup-env.ts (which gives the file its own DATA_DIR).
// Each file's database is a copy of one migrated template (CREATE DATABASE … TEMPLATE), made once per schema
// by the first file to need it: migrating better-auth's tables and Darkroom's migrations cost each of the
// hundred-odd files about half a second of CPU, most of it in the server.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, vi } from "vitest";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("The postgres test project needs TEST_DATABASE_URL.");

const urlOf = (database: string) => Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What the schema is made from: a change to any of these files makes a new template. */
function schemaVersion(): string {
  const hash = createHash("sha256");
  const migrations = "lib/db/migrations";
  const files = [
    ...readdirSync(migrations).map((name) => path.join(migrations, name)),
    "lib/db/migrate.ts",
    "lib/migrate.ts",
    "lib/auth/auth.ts",
    "lib/auth/second-factor/plugins.ts",
  ];
  for (const file of files.sort()) hash.update(file).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

const template = `darkroom_template_${schemaVersion()}`;
await admin(async (client) => {
  // Workers start together: one makes the template, the others wait for it.
  await client.query("select pg_advisory_lock(hashtext('darkroom_test_template'))");
  const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [template]);
  if (rowCount === 0) {
    const building = `${template}_building`;
    await client.query(`drop database if exists ${building}`);
    await client.query(`create database ${building}`);
    process.env.DATABASE_URL = urlOf(building);
    const { migrate } = await import("@/lib/migrate");
    await migrate();
    const { closeDatabase } = await import("@/lib/db");
    await closeDatabase();
    // Renamed only once complete, so a run stopped halfway leaves no template that looks finished.
    await client.query(`alter database ${building} rename to ${template}`);
    // The file's own modules, evaluated afresh with its own DATABASE_URL (below).
    vi.resetModules();
  }
  await client.query("select pg_advisory_unlock(hashtext('darkroom_test_template'))");
});

const name = `darkroom_test_${randomBytes(6).toString("hex")}`;
await admin((client) => client.query(`create database ${name} template ${template}`));
process.env.DATABASE_URL = urlOf(name);

afterAll(async () => {
  // Imported here, not at the top: lib/db reads DATABASE_URL when first imported, which must be after it is set above.
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
});
