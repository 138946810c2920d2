// `npm run bench:bundle`: the JavaScript each page makes a phone download on a first visit, as transferred
// (compressed) bytes, measured in Chromium from the production build (`npm run build` first): every script
// response until the page is idle, lazy chunks included. What the first screen needs is measured with the
// router's prefetches refused (a request carrying `_rsc` or an RSC header: on a first visit nothing else
// does); the same page visited again as it is counts what the links' prefetches add apart (their server
// renders and any script they bring). Prints a table; exits 1 only when something broke.
import "server-only";
import type { Browser, Request } from "@playwright/test";
import { CHROMIUM } from "@/bench/app-server";
import { openPageSite, type PageSite } from "@/bench/page-site";
import { printTable, type Row } from "@/bench/table";

const TARGET_KIB = 150;
// `npm run bench:bundle -- --list`: also each script's URL and size, to see what a page carries.
const list = process.argv.includes("--list");

interface Visit {
  /** Each script's path and transferred bytes. */
  scripts: Map<string, number>;
  /** The router's prefetches: each URL (path and query) and its transferred bytes. */
  prefetches: Map<string, number>;
}

const isPrefetch = (request: Request) => new URL(request.url()).searchParams.has("_rsc") || request.headers()["rsc"] === "1";
const transferred = async (request: Request) => {
  const sizes = await request.sizes();
  return sizes.responseBodySize + sizes.responseHeadersSize;
};

/** One first visit (a fresh context: nothing cached) at a phone's width, until the page is idle. */
async function visit(browser: Browser, site: PageSite, pathname: string, prefetch: boolean): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies(site.cookies);
  const page = await context.newPage();
  if (!prefetch)
    await page.route(
      (url) => url.searchParams.has("_rsc"),
      (route) => route.abort(),
    );
  const seen: Promise<void>[] = [];
  const result: Visit = { scripts: new Map(), prefetches: new Map() };
  page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "script") seen.push(transferred(request).then((size) => void result.scripts.set(url.pathname, size)));
    else if (isPrefetch(request))
      seen.push(transferred(request).then((size) => void result.prefetches.set(`${url.pathname}${url.search}`, size)));
  });
  await page.goto(`${site.base}${pathname}`, { waitUntil: "networkidle" });
  // On a busy machine hydration can outlast the network's quiet half second, and the lazy chunks it asks for
  // would be missed: once the main thread is idle (hydrated), the network must be quiet again.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState("networkidle");
  await Promise.all(seen);
  await context.close();
  return result;
}

const kib = (bytes: number) => bytes / 1024;
const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

const site = await openPageSite();
const { chromium } = await import("@playwright/test");
const browser = await chromium.launch(CHROMIUM);
try {
  const rows: Row[] = [];
  for (const [name, pathname] of Object.entries(site.pages)) {
    const first = await visit(browser, site, pathname, false);
    const whole = await visit(browser, site, pathname, true);
    const extraScripts = [...whole.scripts].filter(([url]) => !first.scripts.has(url));
    if (list) {
      for (const [url, size] of first.scripts) console.log(`${name}\tfirst screen\t${kib(size).toFixed(1)} KiB\t${url}`);
      for (const [url, size] of extraScripts) console.log(`${name}\tprefetched script\t${kib(size).toFixed(1)} KiB\t${url}`);
      for (const [url, size] of whole.prefetches) console.log(`${name}\tprefetch\t${kib(size).toFixed(1)} KiB\t${url}`);
    }
    const firstKib = kib(sum(first.scripts.values()));
    rows.push(
      {
        measure: `${name} (${pathname}): first screen's JS transferred, ${first.scripts.size} scripts`,
        result: `${firstKib.toFixed(1)} KiB`,
        target: `≤ ${TARGET_KIB} KiB`,
        ok: firstKib <= TARGET_KIB,
      },
      {
        measure: `${name}: route prefetches (server renders; scripts they add)`,
        result: `${whole.prefetches.size}: ${kib(sum(whole.prefetches.values())).toFixed(1)} KiB; ${extraScripts.length}: ${kib(sum(extraScripts.map(([, size]) => size))).toFixed(1)} KiB`,
        target: "",
      },
    );
  }
  printTable(rows);
} finally {
  await browser.close();
  await site.close();
}
process.exit(0);
