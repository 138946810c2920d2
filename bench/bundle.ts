// `npm run bench:bundle`: the JavaScript each page makes a phone download on a first visit, as transferred
// (compressed) bytes, measured in Chromium from the production build (`npm run build` first): every script
// response until the page is idle, lazy chunks included. Prints a table; exits 1 only when something broke.
import "server-only";
import { CHROMIUM } from "@/bench/app-server";
import { openPageSite } from "@/bench/page-site";
import { printTable } from "@/bench/table";

const TARGET_KIB = 150;
// `npm run bench:bundle -- --list`: also each script's URL and size, to see what a page carries.
const list = process.argv.includes("--list");

const site = await openPageSite();
const { chromium } = await import("@playwright/test");
const browser = await chromium.launch(CHROMIUM);
try {
  const rows = [];
  for (const [name, pathname] of Object.entries(site.pages)) {
    // A fresh context per page: a first visit, nothing cached.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(site.cookies);
    const page = await context.newPage();
    const scripts: Promise<{ url: string; size: number }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const url = new URL(response.url()).pathname;
      scripts.push(
        response
          .request()
          .sizes()
          .then((sizes) => ({ url, size: sizes.responseBodySize + sizes.responseHeadersSize })),
      );
    });
    await page.goto(`${site.base}${pathname}`, { waitUntil: "networkidle" });
    const sized = await Promise.all(scripts);
    if (list) for (const { url, size } of sized) console.log(`${name}\t${(size / 1024).toFixed(1)} KiB\t${url}`);
    const bytes = sized.reduce((sum, { size }) => sum + size, 0);
    const kib = bytes / 1024;
    rows.push({
      measure: `${name} (${pathname}): JS transferred, ${scripts.length} scripts`,
      result: `${kib.toFixed(1)} KiB`,
      target: `≤ ${TARGET_KIB} KiB`,
      ok: kib <= TARGET_KIB,
    });
    await context.close();
  }
  printTable(rows);
} finally {
  await browser.close();
  await site.close();
}
process.exit(0);
