// `npm start` (and `npm run dev`): builds when needed, starts the embedded emulator when no upstream
// is configured, then the dashboard, and prints the URL to open. Ctrl+C stops everything it started.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import { childEnv, loadEnvFile, type Env } from "@/lib/env";
import { describeServedHosts, servedHosts } from "@/lib/http/hosts.mjs";
import { build, buildNeed } from "./build";
import { startMessage } from "./build-messages";

// `.env` first, before anything reads the configuration: the emulator and Next inherit what it sets.
let env: Env;
try {
  env = loadEnvFile();
} catch (error) {
  console.error(`${(error as Error).message}\nFix it in the environment or in .env, then start again.`);
  process.exit(1);
}

const dev = process.argv.includes("--dev");
const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
const children: ChildProcess[] = [];

function run(command: string, args: string[], extraEnv: Record<string, string> = {}, pipeStdout = false): ChildProcess {
  // Same process group as the launcher: Ctrl+C, or a supervisor that kills the group, stops every child too.
  const child = spawn(command, args, { env: childEnv(extraEnv), stdio: ["ignore", pipeStdout ? "pipe" : "inherit", "inherit"] });
  children.push(child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`${path.basename(args[args.length - 1] ?? command)} stopped (${signal ?? `exit ${code}`}); shutting down.`);
    stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(code: number): void {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null) child.kill("SIGTERM");
  }
  setTimeout(() => process.exit(code), 500).unref();
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/**
 * Starts `npm run emulator` as a child and reads its URL and demo key from what it prints. It trusts image
 * inputs from `uploadOrigin`, where this dashboard serves uploaded images (see PUBLIC_BASE_URL below).
 */
async function startEmbeddedEmulator(uploadOrigin: string | undefined): Promise<{ url: string; key: string }> {
  const dataDir = path.join(env.DATA_DIR, "emulator");
  const child = run(
    process.execPath,
    ["--import", "tsx", path.join("emulator", "cli.ts")],
    {
      EMULATOR_DATA_DIR: dataDir,
      EMULATOR_PORT: String(env.EMULATOR_PORT),
      ...(uploadOrigin ? { EMULATOR_TRUSTED_ORIGINS: uploadOrigin } : {}),
    },
    true,
  );
  let url = "";
  for await (const line of createInterface({ input: child.stdout! })) {
    url ||= /listening on (\S+)/.exec(line)?.[1] ?? "";
    const key = /Demo API key: (\S+)/.exec(line)?.[1];
    if (url && key) {
      child.stdout!.resume();
      return { url, key };
    }
  }
  throw new Error("The emulator stopped before it was ready.");
}

async function waitUntilUp(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Darkroom did not answer at ${url} within 150 seconds.`);
}

const need = dev ? undefined : buildNeed();
console.log(startMessage(need, dev));
if (need) {
  if (!(await build(childEnv({})))) {
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
}

const localHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
// Uploaded input images are fetched by the API from PUBLIC_BASE_URL. With the embedded emulator on this
// machine and nothing configured, that is the dashboard's own loopback address (the one http exception
// the form and server accept), and the emulator is told to trust it; on any other address it stays unset.
const embedded = !env.GENERATION_API_BASE_URL;
const loopbackOrigin = ["127.0.0.1", "localhost", "[::1]"].includes(localHost) ? `http://${localHost}:${env.PORT}` : undefined;
const publicBaseUrl = env.PUBLIC_BASE_URL ?? (embedded ? loopbackOrigin : undefined);

const upstream = env.GENERATION_API_BASE_URL
  ? { url: env.GENERATION_API_BASE_URL, key: env.GENERATION_API_KEY ?? "" }
  : await startEmbeddedEmulator(publicBaseUrl);
if (!env.GENERATION_API_BASE_URL) console.log(`No upstream configured: using the embedded emulator at ${upstream.url}.`);

// Loopback unless HOST says otherwise. Whoever reaches /setup first could make themselves the admin: a client
// on another machine (beyond loopback, or through a reverse proxy in TRUSTED_PROXIES) must also enter a
// one-time token, printed here only (lib/auth/setup-token.ts).
const loopback = isLoopback(env.HOST);
const reachableFromElsewhere = !loopback || env.TRUSTED_PROXIES.length > 0;
const setupToken = env.SETUP_TOKEN ?? (reachableFromElsewhere ? randomBytes(18).toString("base64url") : undefined);

// The preload stamps each request with the connected machine's address (see lib/http/client.ts), answers
// hosts it does not serve with 421 and malformed %-escapes with 400 before Next (which would answer 500).
const front = path.join("lib", "launcher", "front.mjs");
run(process.execPath, ["--import", `./${front}`, nextBin, dev ? "dev" : "start", "--port", String(env.PORT), "--hostname", env.HOST], {
  GENERATION_API_BASE_URL: upstream.url,
  GENERATION_API_KEY: upstream.key,
  ...(publicBaseUrl ? { PUBLIC_BASE_URL: publicBaseUrl, PUBLIC_BASE_URL_IMPLIED: env.PUBLIC_BASE_URL ? "0" : "1" } : {}),
  ...(setupToken ? { SETUP_TOKEN: setupToken } : {}),
});
await waitUntilUp(`http://${localHost}:${env.PORT}/api/health`);
const appUrl = loopback ? `http://localhost:${env.PORT}` : `http://${localHost}:${env.PORT}`;
console.log(`\nDarkroom is ready: open ${appUrl}${loopback ? "" : ` (listening on ${env.HOST}, reachable from other machines)`}`);
// Which names it answers to (the front's rule, from the same settings): a 421 elsewhere is then no surprise.
console.log(`${describeServedHosts(servedHosts({ allowedHosts: env.ALLOWED_HOSTS, publicBaseUrl, listenHost: env.HOST }))}\n`);
if (setupToken && reachableFromElsewhere)
  console.log(`First-run setup token (asked for on /setup until the first admin exists): ${setupToken}\n`);
