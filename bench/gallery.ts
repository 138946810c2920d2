// `npm run bench:gallery`: the Tasks gallery at 100,000 tasks. Seeds a temporary SQLite database in
// batches and prints, as p95 ratios to one page read by primary key in the same run, the list's first page,
// a deep cursor, a selective prompt search and the Credits figures; then the same on Postgres (a child
// process, bench/gallery-postgres.ts); then, on `next start` from the existing build, GET /api/tasks
// against /api/health throughput at 20 connections (autocannon), the cards in the DOM while Chromium
// scrolls 10,000 tasks, and a first screen's bytes as thumbnails against full-size media. A script, not a
// test: bounded in time, cleans up, exits by itself (code 1 only when something broke; a missed target prints FAIL).
import "server-only";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";
import { CHROMIUM, cookieHeader, serveBuild, signIn } from "@/bench/app-server";
import { localStore } from "@/lib/media/store/local";

const WATCHDOG_MS = 540_000;
const TOTAL = 100_000;
const DEEP = 50_000;
const SCROLL_TASKS = 10_000;
const TARGETS = { deep: 1.5, search: 3, credits: 5, throughput: 0.8 };

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

const { ADMIN, archivedMedia, getTasks, mediaOf, seedTasks, setupAdmin, sleep } = await import("./gallery-support");
const { measureQueries } = await import("./query-figures");
const { postgresFigures } = await import("./postgres-leg");
const { CONNECTIONS, throughput } = await import("./throughput");
const { printTable } = await import("@/bench/table");
const { closeDatabase } = await import("@/lib/db");
type Row = Parameters<typeof printTable>[0][number];
type Figures = Awaited<ReturnType<typeof measureQueries>> & { seedSeconds: number };

/** GET /api/tasks against /api/health on the gallery's server, or why it was not measured. */
let load: Awaited<ReturnType<typeof throughput>> | string = "not measured: the app's server did not start (no production build?)";

/** The gallery in Chromium: the most cards ever in the DOM while scrolling, and the first screen's card count. */
async function scrollGallery(): Promise<{ maxCards: number; seen: number; firstScreen: number } | string> {
  const served = await serveBuild(config);
  if (typeof served === "string") return `gallery page not available (${served})`;
  server = served.process;
  const { base } = served;
  const cookies = await signIn(base, ADMIN);
  // Throughput first, while no browser competes for the CPU.
  load = await throughput(base, cookieHeader(cookies));
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch(CHROMIUM);
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

const ms = (value: number) => `${value.toFixed(2)} ms`;

function queryRows(f: Figures): Row[] {
  const name = f.dialect === "postgres" ? "Postgres" : "SQLite";
  const ratio = (key: "first" | "deep" | "search" | "credits", target?: number): Row => ({
    measure: `${name}: ${LABELS[key]}, p95`,
    result: `${ms(f[key])} = ${(f[key] / f.baseline).toFixed(2)}×`,
    target: target ? `≤ ${target}× baseline` : "",
    ok: target ? f[key] <= target * f.baseline : undefined,
  });
  return [
    {
      measure: `${name}: seed ${TOTAL.toLocaleString("en")} tasks (batches of 1,000)`,
      result: `${f.seedSeconds.toFixed(1)} s`,
      target: "",
    },
    { measure: `${name}: baseline, one page (51 rows) by primary key, p95`, result: ms(f.baseline), target: "" },
    ratio("first"),
    ratio("deep", TARGETS.deep),
    { ...ratio("search", TARGETS.search), measure: `${name}: ${LABELS.search} (${f.searchMatches} match), p95` },
    ratio("credits", TARGETS.credits),
  ];
}

const LABELS = {
  first: "first page of the list",
  deep: `cursor after ${DEEP.toLocaleString("en")} rows`,
  search: "prompt search `task 54321:`",
  credits: "Credits figures, all time",
};

function loadRows(): Row[] {
  if (typeof load === "string") return [{ measure: `GET /api/tasks vs /api/health, ${CONNECTIONS} connections`, result: load, target: "" }];
  const { tasks, health } = load;
  const line = (r: typeof tasks) => `${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(0)} ms${r.failed ? `, ${r.failed} failed` : ""}`;
  return [
    { measure: `GET /api/tasks?limit=50, ${CONNECTIONS} connections (next start, SQLite)`, result: line(tasks), target: "" },
    { measure: `GET /api/health, ${CONNECTIONS} connections`, result: line(health), target: "" },
    {
      measure: "throughput, /api/tasks ÷ /api/health",
      result: `${(tasks.rps / health.rps).toFixed(2)}×`,
      target: `≥ ${TARGETS.throughput}×`,
      ok: tasks.rps >= TARGETS.throughput * health.rps && tasks.failed === 0,
    },
  ];
}

try {
  const started = Date.now();
  const { userId, cookie } = await setupAdmin();
  const media = await archivedMedia(localStore(config.MEDIA_DIR), 20);
  const seedStart = Date.now();
  await seedTasks({ total: TOTAL, userId, media });
  const seedSeconds = (Date.now() - seedStart) / 1000;

  const sqlite: Figures = { ...(await measureQueries(DEEP)), seedSeconds };
  const postgres = await postgresFigures({ total: TOTAL, deep: DEEP });

  const gallery = await scrollGallery();
  // The first screen: the cards Chromium showed, or a first API page when the gallery is not there yet.
  const firstPage = await getTasks(`?limit=${typeof gallery === "string" ? 50 : Math.max(1, gallery.firstScreen)}`, cookie);
  const shown = firstPage.json.tasks.flatMap((t) => mediaOf(media, t.id) ?? []);
  const thumbs = firstPage.bytes + shown.reduce((sum, m) => sum + m.thumbnailBytes, 0);
  const originals = firstPage.bytes + shown.reduce((sum, m) => sum + m.bytes, 0);

  printTable([
    ...queryRows(sqlite),
    ...(typeof postgres === "string" ? [{ measure: "Postgres", result: postgres, target: "" }] : queryRows(postgres)),
    ...loadRows(),
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
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await closeDatabase();
  cleanup();
  process.exit(0);
} catch (error) {
  abandon(error instanceof Error ? (error.stack ?? error.message) : String(error));
}
