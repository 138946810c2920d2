// Instances starting together on one empty Postgres database: each runs the real start-up (configuration
// checks, better-auth's and Darkroom's migrations, the media store) in its own process, three at once,
// three times. Without the migration lock two of them run CREATE TABLE together and one dies. Each start
// costs about 2 s of CPU (each process loads better-auth and the app): ten rounds took 160 s of the test
// run's wall time on a busy two-core machine, three take about 50.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { tempDir } from "@/emulator/testing";

const server = process.env.TEST_DATABASE_URL!;
const ROUNDS = 3;
const INSTANCES = 3;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/testing/start-child.ts"], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function freshDatabase(): Promise<string> {
  const name = `darkroom_cold_${randomBytes(5).toString("hex")}`;
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

describe("cold start of several instances on one empty Postgres database", () => {
  it(`${INSTANCES} instances at once become ready, ${ROUNDS} times out of ${ROUNDS}`, { timeout: 360_000 }, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const url = await freshDatabase();
      try {
        const env = { DATABASE_URL: url, AUTH_SECRET: "s".repeat(40), DARKROOM_ROLE: "web" };
        const results = await Promise.all(Array.from({ length: INSTANCES }, async () => start({ ...env, DATA_DIR: await tempDir() })));
        for (const result of results) {
          if (result.code !== 0 || !result.output.includes("ready"))
            outcomes.push(`round ${round + 1}: exit ${result.code}: ${result.output.trim()}`);
        }
      } finally {
        await admin(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      }
    }
    expect(outcomes).toEqual([]);
  });

  it("exits non-zero, naming AUTH_SECRET, when Postgres is used without it", async () => {
    const url = await freshDatabase();
    try {
      const result = await start({ DATABASE_URL: url, AUTH_SECRET: "", DATA_DIR: await tempDir() });
      expect(result.code).toBe(1);
      expect(result.output).toContain("Darkroom could not start: AUTH_SECRET must be set when DATABASE_URL is Postgres");
    } finally {
      await admin(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    }
  });
});
