// The Postgres leg: before each test file, a new database on TEST_DATABASE_URL's server becomes DATABASE_URL;
// after the file it is dropped. Runs after setup-env.ts (which gives the file its own DATA_DIR).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("The postgres test project needs TEST_DATABASE_URL.");
const name = `darkroom_test_${randomBytes(6).toString("hex")}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await admin(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  // Imported here, not at the top: lib/db reads DATABASE_URL when first imported, which must be after it is set above.
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  await admin(`drop database if exists ${name} with (force)`);
});
