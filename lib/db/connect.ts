import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { log } from "@/lib/log";
import { watchPool } from "@/lib/metrics/pool";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface Connection {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** Which database a Kysely instance talks to, for the few queries written differently on each. */
export function dialectOf(db: Kysely<Database>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** A database from a URL: `postgres://…` for Postgres, anything else (optionally `file:`) is a SQLite file. */
export function connect(url: string): Connection {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client's error (the server restarted, the connection was cut) must not crash the process;
    // the pool replaces the client and the next query reconnects.
    watchPool(pool);
    pool.on("error", (error) => log.warn({ err: error }, "postgres: idle connection lost"));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets the poller write while pages read; the busy timeout rides out a second process's write.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: "sqlite" };
}
