// The production build served by `next start` for a benchmark, and a signed-in admin's cookies for it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface BrowserCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  secure: boolean;
}

export interface ServedApp {
  base: string;
  process: ChildProcess;
}

/**
 * `next start` of the existing build on a free port with the given configuration (no upstream: pages and
 * reads only), once /api/health answers; a string saying why when there is no build or it did not start.
 * It runs behind the launcher's front (brotli for static files among others), as `npm start` runs it, so
 * the benches measure what users get.
 */
export async function serveBuild(config: Record<string, string>): Promise<ServedApp | string> {
  // A build another run has started removes BUILD_ID until it is done.
  for (let i = 0; !existsSync(path.join(".next", "BUILD_ID")); i += 1) {
    if (i > 45) return "no production build to serve (run `npm run build`)";
    await sleep(1_000);
  }
  return startNext({ cwd: process.cwd(), env: { ...config, GENERATION_API_BASE_URL: "" }, ready: "/api/health" });
}

/**
 * `next start` of the build in `cwd` on a free port, behind the launcher's front, once `ready` answers 2xx;
 * a string saying why when it did not start.
 */
export async function startNext(options: {
  cwd: string;
  env?: Record<string, string>;
  ready: string;
  /** More of Node's own options for the server (e.g. a bench's probe preloaded beside the front). */
  nodeArgs?: string[];
}): Promise<ServedApp | string> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const front = pathToFileURL(path.resolve("lib", "launcher", "front.mjs")).href;
  const next = path.join(options.cwd, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", front, next, "start", "-p", String(port)], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: "ignore",
  });
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${base}${options.ready}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, process: child };
    if (i > 150) {
      child.kill("SIGTERM");
      return "the server did not start";
    }
    await sleep(200);
  }
}

/** Signs in through better-auth's route; answers the session cookies as a browser context takes them. */
export async function signIn(base: string, account: { email: string; password: string }): Promise<BrowserCookie[]> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200) throw new Error(`signing in answered ${response.status}`);
  // Production cookies are Secure (`__Secure-…`); Chromium accepts them from http://localhost.
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!.split("="))
    .flatMap(([name, ...value]) =>
      name && value.join("") ? [{ name, value: value.join("="), domain: "localhost", path: "/", secure: true }] : [],
    );
}

export const cookieHeader = (cookies: BrowserCookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** Debian's Chromium when present (never a downloaded browser), with the flags these machines need. */
export const CHROMIUM = {
  executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};
