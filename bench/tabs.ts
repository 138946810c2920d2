// `npm run bench:tabs`: ten gallery tabs as cheap as one. Starts Darkroom as `npm start` does (the launcher:
// built when sources changed) against an emulator behind a recording proxy (the upstream's own count of what
// it was sent), then in one Chromium (HTTP/1.1, six connections per host) opens 1 and then 10 tabs of the
// gallery while the emulator finishes 20 tasks, and prints how many tabs showed every final state, the
// requests reaching Darkroom from the browser per minute, and the upstream requests, for both. A script, not a test:
// bounded in time, cleans up, exits by itself (code 1 only when something broke; a missed target prints FAIL).
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { startEmulator } from "@/emulator/server";
import { startRecordingProxy } from "@/bench/scale/recording-proxy";
import { CHROMIUM } from "@/bench/app-server";
import { printTable, type Row } from "@/bench/table";

const WATCHDOG_MS = 600_000;
const TASKS = 20;
const PORT = Number(process.env.BENCH_TABS_PORT ?? 3212);
/** The bench's own calls (setup, submissions) go here; the browser goes through the counting proxy. */
const BASE = `http://localhost:${PORT}`;
const ADMIN = { name: "Bench Admin", email: "bench@example.com", password: "bench tabs password" };

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-tabs-"));
let app: ChildProcess | undefined;
let browser: Browser | undefined;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  // The launcher leads its own process group (next start and its next-server child included).
  if (app?.pid && app.exitCode === null) process.kill(-app.pid, "SIGTERM");
  rmSync(root, { recursive: true, force: true });
};
const abandon = async (why: string) => {
  console.error(`bench: ${why}`);
  await cleanup();
  process.exit(1);
};
setTimeout(() => void abandon(`gave up after ${WATCHDOG_MS / 1000} s`), WATCHDOG_MS).unref();
process.once("SIGINT", () => void abandon("interrupted"));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUp(): Promise<void> {
  for (let i = 0; i < 1_200; i += 1) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (app?.exitCode !== null) throw new Error("Darkroom stopped before it answered");
    await sleep(250);
  }
  throw new Error("Darkroom did not answer within 5 minutes");
}

/** The first admin, signed in: the session cookies, for the bench's own API calls and for the browser. */
async function signedIn(): Promise<{ header: string; pairs: { name: string; value: string }[] }> {
  const response = await fetch(`${BASE}/api/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 201) throw new Error(`setup answered ${response.status}`);
  const pairs = response.headers.getSetCookie().map((c) => {
    const [pair = ""] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  return { header: pairs.map((p) => `${p.name}=${p.value}`).join("; "), pairs };
}

interface Counts {
  all: number;
  api: number;
  media: number;
  /** Each path's count, for the breakdown (BENCH_TABS_PATHS=1). */
  paths: Map<string, number>;
}

/**
 * A loopback proxy in front of Darkroom for the browser alone, counting what reaches Darkroom (a thumbnail
 * served from the browser's cache is not a request to Darkroom). It streams, so the event stream passes too;
 * to the browser it is one host like any other, with the same six connections.
 */
async function countingProxy(): Promise<{ base: string; counts: Counts; close(): void }> {
  const counts: Counts = { all: 0, api: 0, media: 0, paths: new Map() };
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    counts.all += 1;
    if (pathname.startsWith("/api/media/")) counts.media += 1;
    else if (pathname.startsWith("/api/")) counts.api += 1;
    counts.paths.set(`${req.method} ${req.url}`, (counts.paths.get(`${req.method} ${req.url}`) ?? 0) + 1);
    const forward = httpRequest({ host: "127.0.0.1", port: PORT, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    res.on("close", () => forward.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://localhost:${(server.address() as AddressInfo).port}`,
    counts,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

interface Phase {
  tabs: number;
  live: number;
  seconds: number;
  /** The browser's requests to Darkroom during the phase: all, and the API's alone. */
  requests: number;
  apiRequests: number;
  mediaRequests: number;
  upstream: number;
}

async function runPhase(tabs: number, cookie: string, upstreamLog: { path: string }[]): Promise<Phase> {
  const context = await browser!.newContext({ viewport: { width: 1600, height: 4000 } });
  await context.addCookies(signedInPairs.map((p) => ({ ...p, domain: "localhost", path: "/" })));
  const proxy = await countingProxy();
  const pages: Page[] = [];
  for (let i = 0; i < tabs; i += 1) {
    const page = await context.newPage();
    await page.goto(`${proxy.base}/tasks`);
    await page.getByRole("heading", { level: 1, name: "Tasks" }).waitFor();
    pages.push(page);
  }
  await sleep(2_000); // every tab's stream (or its share of one) is open
  const before = { ...proxy.counts };
  proxy.counts.paths.clear();
  const upstreamBefore = upstreamLog.length;
  const tag = `tabs${tabs}-${randomUUID().slice(0, 8)}`;
  const started = Date.now();
  for (let i = 0; i < TASKS; i += 1) {
    const response = await fetch(`${BASE}/api/generations`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, cookie },
      body: JSON.stringify({ submissionId: randomUUID(), request: { model: "gamma-5-pro", prompt: `${tag} harbour ${i}` } }),
    });
    if (response.status !== 202) throw new Error(`a submission answered ${response.status}: ${await response.text()}`);
  }
  // Every tab counts as live once it shows all of the phase's tasks as succeeded, without a reload.
  const shows = (page: Page) =>
    page
      .waitForFunction(
        ({ tag: t, total }) =>
          [...document.querySelectorAll('[role="list"][aria-label="Tasks"] [role="listitem"]')].filter(
            (card) => card.textContent?.includes(t) && card.textContent.includes("Succeeded"),
          ).length >= total,
        { tag, total: TASKS },
        { timeout: 180_000, polling: 500 },
      )
      .then(
        () => true,
        () => false,
      );
  const live = (await Promise.all(pages.map(shows))).filter(Boolean).length;
  const seconds = (Date.now() - started) / 1000;
  const phase = {
    tabs,
    live,
    seconds,
    requests: proxy.counts.all - before.all,
    apiRequests: proxy.counts.api - before.api,
    mediaRequests: proxy.counts.media - before.media,
    upstream: upstreamLog.length - upstreamBefore,
  };
  await context.close();
  proxy.close();
  if (process.env.BENCH_TABS_PATHS) console.log(`${tabs} tab(s):`, [...proxy.counts.paths].sort((a, b) => b[1] - a[1]).slice(0, 40));
  await sleep(6_000); // the engine's last polls of this phase land before the next one counts
  return phase;
}

let signedInPairs: { name: string; value: string }[] = [];

try {
  const emulator = await startEmulator({ timings: { imageSeconds: 3 } });
  const proxy = await startRecordingProxy(emulator.url);
  app = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("lib", "launcher", "start.ts")], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: root,
      LOG_LEVEL: "silent",
      GENERATION_API_BASE_URL: proxy.url,
      GENERATION_API_KEY: emulator.demoKey,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  await waitUp();
  const session = await signedIn();
  signedInPairs = session.pairs;
  browser = await chromium.launch(CHROMIUM);
  const one = await runPhase(1, session.header, proxy.log);
  const ten = await runPhase(10, session.header, proxy.log);
  await proxy.close();
  await emulator.close();

  const perMinute = (p: Phase, n: number) => (n / p.seconds) * 60;
  const rows: Row[] = [];
  for (const p of [one, ten]) {
    rows.push(
      { measure: `${p.tabs} tab(s): tabs live`, result: `${p.live} of ${p.tabs}`, target: `${p.tabs} of ${p.tabs}`, ok: p.live === p.tabs },
      {
        measure: `${p.tabs} tab(s): Darkroom requests/min`,
        result: `${perMinute(p, p.requests).toFixed(0)}/min: ${p.requests} in ${p.seconds.toFixed(0)} s (API ${p.apiRequests}, media ${p.mediaRequests})`,
        target: "",
      },
      { measure: `${p.tabs} tab(s): upstream requests`, result: String(p.upstream), target: "" },
    );
  }
  const ratio = perMinute(ten, ten.requests) / perMinute(one, one.requests);
  rows.push(
    { measure: "Darkroom requests/min, 10 tabs ÷ 1", result: `${ratio.toFixed(2)}×`, target: "≤ 2×", ok: ratio <= 2 },
    {
      measure: "upstream requests, 10 tabs vs 1",
      result: `${ten.upstream} vs ${one.upstream}`,
      // The engine's polls follow the tasks, not the tabs: equal but for a poll landing either side of a phase's end.
      target: "equal",
      ok: Math.abs(ten.upstream - one.upstream) <= 2,
    },
  );
  printTable(rows);
  await cleanup();
  process.exit(0);
} catch (error) {
  await abandon(error instanceof Error ? error.message : String(error));
}
