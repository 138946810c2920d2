import type { BrowserContext, Page } from "@playwright/test";
import { whileStatusReadsFail } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { createTask, TasksPage, waitArchived } from "./support/tasks";

// Issue 15: one event stream per browser. Three gallery tabs in one browser share one /api/events stream (the
// leader tab's); every tab shows a task finish; when the leader tab closes, another takes the stream over,
// resuming after the last event it heard, and the remaining tabs keep updating.

function countStreams(context: BrowserContext): { urls: string[] } {
  const seen = { urls: [] as string[] };
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/events") seen.urls.push(url.search);
  });
  return seen;
}

async function galleryTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await new TasksPage(page).goto();
  return page;
}

async function finishesInEveryTab(tabs: Page[], prompt: string): Promise<void> {
  await createTask(tabs[0]!.request, prompt);
  for (const tab of tabs) {
    await expect(new TasksPage(tab).card(prompt)).toContainText("Succeeded", { timeout: 30_000 });
  }
}

test("three tabs share one event stream, and a closed leader hands it over", async ({ page }) => {
  const context = page.context();
  const streams = countStreams(context);
  await new TasksPage(page).goto();
  const tabs = [page, await galleryTab(context), await galleryTab(context)];
  await expect.poll(() => streams.urls.length).toBe(1);

  // Each tab fetched its gallery once; the new task arrives through the stream and finishes in every tab.
  await finishesInEveryTab(tabs, `tabs one stream ${Date.now()}`);
  expect(streams.urls).toHaveLength(1);

  // The first tab took the lock first: closing it hands the stream to another tab, which resumes from there.
  await tabs[0]!.close();
  await expect.poll(() => streams.urls.length).toBe(2);
  expect(streams.urls[1]).toMatch(/^\?after=\d+$/);
  await finishesInEveryTab(tabs.slice(1), `tabs handed over ${Date.now()}`);
  expect(streams.urls).toHaveLength(2);
});

test("a tab that opens while another leads catches up on what changed since its page was read", async ({ page }) => {
  const context = page.context();
  const streams = countStreams(context);
  await new TasksPage(page).goto();
  await expect.poll(() => streams.urls.length).toBe(1);
  const prompt = `tabs late joiner ${Date.now()}`;
  const id = await createTask(page.request, prompt);

  // The second tab's page is read while the task runs (its status reads answer 503 until then, so a slow server
  // cannot read the page after the task ended); its scripts arrive only once the task is done, as on a slow
  // phone. By then the leader has passed the task's events on, before this tab listened.
  const late = await context.newPage();
  await late.route(/\/_next\/static\/chunks\/.*\.js/, async (route) => {
    await waitArchived(page.request, id);
    await route.continue();
  });
  const card = new TasksPage(late).card(prompt);
  await whileStatusReadsFail(page.request, async () => {
    await late.goto("/tasks", { waitUntil: "commit" });
    await expect(card).toBeVisible();
    await expect(card).not.toContainText("Succeeded");
  });
  // It asks the leader for what changed since its page was read, and shows the task done; no second stream.
  await expect(card).toContainText("Succeeded", { timeout: 60_000 });
  expect(streams.urls).toHaveLength(1);
});

// Issue 28: ten tabs cost what one does only if an idle tab asks for nothing. A card's action links (Use as
// input, Animate, Use these settings) are each their own render of /generate: prefetched, every card in every
// tab fetched one. And the budget alerts come with the tab's share of the event stream, not a poll per tab.
test("an idle gallery tab prefetches no card's action link and polls no alerts", async ({ page }) => {
  const prompt = `tabs idle ${Date.now()}`;
  await waitArchived(page.request, await createTask(page.request, prompt));
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const render = url.searchParams.has("_rsc") || request.headers()["rsc"] === "1";
    url.searchParams.delete("_rsc");
    // The navigation's own link to /generate may prefetch the page's shell; a card's link carries its task.
    if ((render && url.pathname === "/generate" && url.search) || url.pathname === "/api/budgets/alerts")
      asked.push(`${url.pathname}${url.search}`);
  });
  // The tab's timers run on a clock the test moves: two minutes pass without waiting for them.
  await page.clock.install();
  const gallery = new TasksPage(page);
  await gallery.goto();
  await expect(gallery.card(prompt).getByRole("link", { name: "Use as input" })).toBeVisible({ timeout: 30_000 });
  await gallery.card(prompt).hover(); // a pointer over a card is not a click on its links
  await page.mouse.wheel(0, 600);
  await page.clock.runFor(120_000);
  // A request made after all of those: once it is seen, every request the timers made before it was seen too.
  await Promise.all([page.waitForRequest((request) => request.url().endsWith("/api/health")), page.evaluate(() => fetch("/api/health"))]);
  expect(asked).toEqual([]);
});
