// `npm run bench:gallery`: the Tasks gallery at 100,000 tasks (`-- --rows N` for another size, e.g. 1000000).
// Seeds a temporary SQLite database and prints, as p95 ratios to one page read by primary key in the same run,
// the list's first page, a cursor halfway down, a selective prompt search and the Credits figures; then the
// same on Postgres (a child process, bench/gallery-postgres.ts); then, on `next start` from the existing build,
// GET /api/tasks against /api/health throughput at 20 connections (autocannon), the cards in the DOM while
// Chromium scrolls 10,000 tasks, and a first screen's bytes as thumbnails against full-size media.
// `-- --growth` measures only the queries, at 10,000, 100,000 and 1,000,000 tasks (the largest is --rows when
// given), one table grown step by step on each database, and prints how each figure grows. A script, not a
// test: bounded in time, cleans up, exits by itself (code 1 only when something broke; a missed target prints FAIL).
import "server-only";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pointAppAt } from "@/bench/app-env";
import { benchArguments, growthRows, queryRows, type Row } from "@/bench/gallery-figures";
import { CHROMIUM, cookieHeader, serveBuild, signIn } from "@/bench/app-server";
import { localStore } from "@/lib/media/store/local";

const { growth, rows: TOTAL } = benchArguments(process.argv.slice(2));
const SIZES = growth ? [...new Set([10_000, 100_000, TOTAL])].filter((n) => n <= TOTAL).sort((a, b) => a - b) : [TOTAL];
// Seeding a million rows on both databases and measuring three sizes takes a good part of an hour on a busy 2-core machine.
const WATCHDOG_MS = TOTAL >= 1_000_000 ? 2_400_000 : 540_000;
const SCROLL_TASKS = 10_000;
const THROUGHPUT_TARGET = 0.8;

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

const { ADMIN, archivedMedia, getTasks, mediaOf, setupAdmin, sleep } = await import("./gallery-support");
const { figuresBySize } = await import("./query-figures");
const { postgresFigures } = await import("./postgres-leg");
const { CONNECTIONS, throughput } = await import("./throughput");
const { printTable } = await import("@/bench/table");
const { closeDatabase } = await import("@/lib/db");

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
      target: `≥ ${THROUGHPUT_TARGET}×`,
      ok: tasks.rps >= THROUGHPUT_TARGET * health.rps && tasks.failed === 0,
    },
  ];
}

try {
  const started = Date.now();
  const { userId, cookie } = await setupAdmin();
  // The growth run measures queries only: no media (the list's queries do not read results).
  const media = growth ? [] : await archivedMedia(localStore(config.MEDIA_DIR), 20);
  const sqlite = await figuresBySize({ sizes: SIZES, userId, media });
  const postgres = await postgresFigures({ sizes: SIZES });
  const postgresRows = (pick: (all: typeof sqlite) => Row[]) =>
    typeof postgres === "string" ? [{ measure: "Postgres", result: postgres, target: "" }] : pick(postgres);

  if (growth) {
    printTable([...growthRows(sqlite), ...postgresRows(growthRows)]);
    console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await closeDatabase();
    cleanup();
    process.exit(0);
  }

  const gallery = await scrollGallery();
  // The first screen: the cards Chromium showed, or a first API page when the gallery is not there yet.
  const firstPage = await getTasks(`?limit=${typeof gallery === "string" ? 50 : Math.max(1, gallery.firstScreen)}`, cookie);
  const shown = firstPage.json.tasks.flatMap((t) => mediaOf(media, t.id) ?? []);
  const thumbs = firstPage.bytes + shown.reduce((sum, m) => sum + m.thumbnailBytes, 0);
  const originals = firstPage.bytes + shown.reduce((sum, m) => sum + m.bytes, 0);

  printTable([
    ...queryRows(sqlite[0]!),
    ...postgresRows((all) => queryRows(all[0]!)),
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
