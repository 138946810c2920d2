// `npm run bench:lighthouse`: Lighthouse 12 (its Node 20 line) with the system Chromium on the workspace,
// gallery, detail, Credits and Overview pages of the production build (`npm run build` first), signed in,
// with a gallery of 240 tasks showing thumbnails. Three runs a page per preset (mobile: Lighthouse's default,
// 4× CPU slowdown and slow 4G, simulated; desktop), the median run's score, LCP, CLS and TBT. Prints a table.
// A noisy machine lowers the figures: run it when nothing else is busy.
import "server-only";
import lighthouse, { desktopConfig } from "lighthouse";
import { CHROMIUM, cookieHeader, freePort } from "@/bench/app-server";
import { openPageSite } from "@/bench/page-site";
import { printTable, type Row } from "@/bench/table";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { mobile: 90, desktop: 98 } as const;

interface Run {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
}

const site = await openPageSite();
// Playwright starts the browser (the project's one way to launch Chromium); Lighthouse drives it over CDP.
const debugPort = await freePort();
const { chromium } = await import("@playwright/test");
const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, `--remote-debugging-port=${debugPort}`] });

async function audit(url: string, preset: keyof typeof TARGETS): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port: debugPort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: { cookie: cookieHeader(site.cookies) },
    },
    preset === "desktop" ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value("largest-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    tbt: value("total-blocking-time"),
  };
}

try {
  const rows: Row[] = [];
  for (const preset of ["mobile", "desktop"] as const) {
    for (const [name, pathname] of Object.entries(site.pages)) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${site.base}${pathname}`, preset));
      const median = runs.sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
      rows.push({
        measure: `${preset}: ${name} (${pathname})`,
        result: `${median.score} · LCP ${(median.lcp / 1000).toFixed(2)} s · CLS ${median.cls.toFixed(3)} · TBT ${median.tbt.toFixed(0)} ms`,
        target: `≥ ${TARGETS[preset]}`,
        ok: median.score >= TARGETS[preset],
      });
    }
  }
  printTable(rows);
} finally {
  await browser.close();
  await site.close();
}
process.exit(0);
