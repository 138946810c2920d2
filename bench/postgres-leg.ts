// Runs bench/gallery-postgres.ts on a fresh database: on TEST_DATABASE_URL's server when set, otherwise on a
// throwaway cluster started with .ci/start-postgres (as root) and stopped afterwards. Answers the child's
// figures, or why there are none.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import type { SizedFigures } from "./query-figures";

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The cluster .ci/start-postgres started on this URL's port (its folder is not printed, so found by its options). */
function stopCluster(serverUrl: string): void {
  const port = new URL(serverUrl).port;
  for (const name of readdirSync("/tmp").filter((n) => n.startsWith("darkroom-pg."))) {
    const data = `/tmp/${name}/data`;
    let options = "";
    try {
      options = readFileSync(`${data}/postmaster.opts`, "utf8");
    } catch {
      continue;
    }
    // postmaster.opts quotes each argument: `"-p" "5433"`.
    if (!options.includes(`"-p" "${port}"`) && !options.includes(`-p ${port} `)) continue;
    const bin = execFileSync("bash", ["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1"]).toString().trim();
    execFileSync("su", ["postgres", "-c", `${bin}/pg_ctl -D ${data} -m fast stop`], { stdio: "ignore" });
  }
}

/**
 * `run` on a fresh database: on TEST_DATABASE_URL's server when set, otherwise on a throwaway cluster started
 * with .ci/start-postgres (as root). The database is dropped (and the cluster stopped) afterwards. Answers what
 * `run` answers, or why it could not run.
 */
export async function onFreshPostgres<T>(run: (url: string) => Promise<T>): Promise<T | string> {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let started = false;
  if (!serverUrl) {
    try {
      serverUrl = execFileSync(".ci/start-postgres", { stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
      started = true;
    } catch {
      return "skipped: no TEST_DATABASE_URL, and .ci/start-postgres could not start one (it needs root)";
    }
  }
  const name = `darkroom_bench_${randomBytes(4).toString("hex")}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await admin(serverUrl, `create database ${name}`);
    return await run(url.toString());
  } finally {
    await admin(serverUrl, `drop database if exists ${name} with (force)`).catch(() => undefined);
    if (started) stopCluster(serverUrl);
  }
}

/** A bench script run as a child (the app reads DATABASE_URL once): its last line of output, as JSON. */
export async function childFigures<T>(script: string, args: string[]): Promise<T | string> {
  const child = spawn(process.execPath, ["--expose-gc", "--conditions=react-server", "--import", "tsx", script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const last = out.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !/^[[{]/.test(last)) return `failed (exit ${code})`;
  return JSON.parse(last) as T;
}

/** The figures at each of `sizes`, grown on one fresh database (see bench/gallery-postgres.ts). */
export async function postgresFigures({ sizes }: { sizes: number[] }): Promise<SizedFigures[] | string> {
  return onFreshPostgres((url) => childFigures<SizedFigures[]>("bench/gallery-postgres.ts", [url, sizes.join(",")]));
}
