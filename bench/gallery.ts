// `npm run bench:gallery`: the Tasks gallery at 100,000 tasks. Seeds a temporary SQLite database in
// batches, then prints the p95 of GET /api/tasks (first page and a deep cursor, called in-process), the
// cards in the DOM while Chromium scrolls 10,000 tasks of the gallery (served by `next start` from the
// existing build), and a first screen's bytes as thumbnails against full-size media. A script, not a
// test: bounded in time, cleans up, exits by itself (code 1 only when something broke; a missed target prints FAIL).
import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";
import { localStore } from "@/lib/media/store/local";

const WATCHDOG_MS = 175_000;
const TOTAL = 100_000;
const DEEP = 50_000;
const SCROLL_TASKS = 10_000;
const RUNS = 100;
const TARGET_MS = 20;

const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-bench-gallery-"));
const config = pointAppAt(root);

let server: ChildProcess | undefined;
const cleanup = () => {
  server?.kill("SIGTERM");
  rmSync(root, { recursive: true, force: true });
};
const abandon = (why: string) => {
  console.error(`bench: ${why}`);
  cleanup();
  process.exit(1);
};
setTimeout(() => abandon(`gave up after ${WATCHDOG_MS / 1000} s`), WATCHDOG_MS).unref();
process.once("SIGINT", () => abandon("interrupted"));

const { ADMIN, archivedMedia, getTasks, listPlan, mediaOf, percentile, seedTasks, setupAdmin, sleep } = await import("./gallery-support");
const { printTable } = await import("@/bench/table");
const { closeDatabase } = await import("@/lib/db");
const { getCreditReport } = await import("@/lib/credits/report");
const { childEnv } = await import("@/lib/env");

async function p95(query: string, cookie: string): Promise<number> {
  for (let i = 0; i < 10; i += 1) await getTasks(query, cookie); // warm the page cache and the session lookup
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) times.push((await getTasks(query, cookie)).ms);
  return percentile(times, 95);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The gallery in Chromium: the most cards ever in the DOM while scrolling, and the first screen's card count. */
async function scrollGallery(): Promise<{ maxCards: number; seen: number; firstScreen: number } | string> {
  // Served from the project's build; a build another run has started removes BUILD_ID until it is done.
  for (let i = 0; !existsSync(path.join(".next", "BUILD_ID")); i += 1) {
    if (i > 45) return "gallery page not available yet (no production build to serve)";
    await sleep(1_000);
  }
  const port = await freePort();
  const base = `http://localhost:${port}`;
  server = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)], {
    env: childEnv({ ...config, GENERATION_API_BASE_URL: "", PORT: String(port) }),
    stdio: "ignore",
  });
  for (
    let i = 0;
    (await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )) === false;
    i += 1
  ) {
    if (i > 150) return "gallery page not available yet (the server did not start)";
    await sleep(200);
  }
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  // Production cookies are Secure (`__Secure-…`); Chromium accepts them from http://localhost.
  if (signIn.status !== 200) throw new Error(`signing in to the gallery server answered ${signIn.status}`);
  const cookies = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!.split("="))
    .flatMap(([name, ...value]) =>
      name && value.join("") ? [{ name, value: value.join("="), domain: "localhost", path: "/", secure: true }] : [],
    );
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${base}/tasks`);
    const cards = page.locator('[role="list"][aria-label="Tasks"] [role="listitem"]');
    if (
      !(await cards
        .first()
        .waitFor({ timeout: 20_000 })
        .then(
          () => true,
          () => false,
        ))
    )
      return "gallery page not available yet";
    const firstScreen = await cards.count();
    let seen = 0;
    let maxCards = 0;
    const stopAt = Date.now() + 75_000;
    // Progress is the farthest card shown (aria-posinset): jumps ahead skip none of the count.
    while (seen < SCROLL_TASKS && Date.now() < stopAt) {
      const positions = await cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute("aria-posinset")) || 0));
      maxCards = Math.max(maxCards, positions.length);
      seen = Math.max(seen, ...positions);
      // To the end of the list: the gallery fetches its next page there, so 10,000 tasks load in ~200 steps.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await sleep(40);
    }
    return { maxCards, seen, firstScreen };
  } finally {
    await browser.close();
  }
}

try {
  const started = Date.now();
  const { userId, cookie } = await setupAdmin();
  const media = await archivedMedia(localStore(config.MEDIA_DIR), 20);
  const seedStart = Date.now();
  await seedTasks({ total: TOTAL, userId, media });
  const seedSeconds = (Date.now() - seedStart) / 1000;

  const first = await p95("?limit=50", cookie);
  let cursor: string | null = null;
  for (let paged = 0; paged < DEEP; paged += 200)
    cursor = (await getTasks(`?limit=200${cursor ? `&cursor=${cursor}` : ""}`, cookie)).json.nextCursor;
  const deep = await p95(`?limit=50&cursor=${cursor}`, cookie);
  const plan = first > TARGET_MS || deep > TARGET_MS ? await listPlan() : "";
  // A search that matches almost nothing reads every prompt: the worst case of an unindexed LIKE.
  const search = await p95("?limit=50&q=task+54321:", cookie);
  const creditTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    await getCreditReport({ period: "all" });
    creditTimes.push(performance.now() - start);
  }

  const gallery = await scrollGallery();
  // The first screen: the cards Chromium showed, or a first API page when the gallery is not there yet.
  const firstPage = await getTasks(`?limit=${typeof gallery === "string" ? 50 : Math.max(1, gallery.firstScreen)}`, cookie);
  const shown = firstPage.json.tasks.flatMap((t) => mediaOf(media, t.id) ?? []);
  const thumbs = firstPage.bytes + shown.reduce((sum, m) => sum + m.thumbnailBytes, 0);
  const originals = firstPage.bytes + shown.reduce((sum, m) => sum + m.bytes, 0);

  printTable([
    { measure: `seed ${TOTAL.toLocaleString("en")} tasks (batches of 1,000)`, result: `${seedSeconds.toFixed(1)} s`, target: "" },
    {
      measure: "GET /api/tasks p95, first page (limit 50)",
      result: `${first.toFixed(1)} ms`,
      target: `≤ ${TARGET_MS} ms`,
      ok: first <= TARGET_MS,
    },
    {
      measure: `GET /api/tasks p95, cursor after ${DEEP.toLocaleString("en")} rows`,
      result: `${deep.toFixed(1)} ms`,
      target: `≤ ${TARGET_MS} ms`,
      ok: deep <= TARGET_MS,
    },
    { measure: "GET /api/tasks p95, a prompt search matching 2 tasks", result: `${search.toFixed(1)} ms`, target: "" },
    { measure: `Credits page figures, all time (median of 5)`, result: `${percentile(creditTimes, 50).toFixed(0)} ms`, target: "" },
    typeof gallery === "string"
      ? {
          measure: `cards in the DOM scrolling ${SCROLL_TASKS.toLocaleString("en")} tasks`,
          result: gallery,
          target: "bounded by the viewport",
        }
      : {
          measure: `cards in the DOM scrolling ${gallery.seen.toLocaleString("en")} tasks`,
          result: `max ${gallery.maxCards} (first screen ${gallery.firstScreen})`,
          target: "bounded by the viewport",
          ok: gallery.seen >= SCROLL_TASKS && gallery.maxCards <= 2 * gallery.firstScreen,
        },
    {
      measure: `first screen bytes (${firstPage.json.tasks.length} tasks: JSON + thumbnails vs + originals)`,
      result: `${(thumbs / 1024).toFixed(0)} KiB vs ${(originals / 1024).toFixed(0)} KiB (1/${(originals / thumbs).toFixed(1)})`,
      target: "≤ 1/10",
      ok: thumbs * 10 <= originals,
    },
  ]);
  if (plan) console.log(`\nSQLite plan for the list query: ${plan}`);
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await closeDatabase();
  cleanup();
  process.exit(0);
} catch (error) {
  abandon(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
