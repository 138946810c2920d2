// The gallery's layout as a person uses it: the filters in one compact bar, as many columns as fit with a
// remembered card size, a selection bar that stays in view with the selection's credits, and a ZIP whose
// index.csv carries each task's prompt and settings. Axe in light and dark.
import { execFileSync } from "node:child_process";
import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { createTask, getTask, TasksPage, waitArchived } from "./support/tasks";

test.describe.configure({ mode: "serial" });
const tag = `gal${Date.now().toString(36)}`;
const OTTER = `${tag} otter, =cmd() on a "rock"`;
const CRANE = `${tag} crane over rice fields`;

test("the filters take one compact row, and the rest wait behind More filters", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tasks = new TasksPage(page);
  await tasks.goto();
  const bar = page.getByRole("search", { name: "Filter tasks" });
  expect((await bar.boundingBox())!.height).toBeLessThan(80);
  await expect(tasks.filter("Status")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Member" })).toBeHidden();
  await bar.getByRole("button", { name: "More filters" }).click();
  await expect(page.getByRole("combobox", { name: "Member" })).toBeVisible();
  await expect(page.getByLabel("Favourites only")).toBeVisible();
});

test("as many columns as the width allows, denser when compact, remembered after a reload", async ({ page }) => {
  await createTask(page.request, `${tag} column filler`);
  const tasks = new TasksPage(page);
  await page.setViewportSize({ width: 1920, height: 900 });
  await tasks.goto();
  // A wide screen used to stop at 4 columns.
  await expect.poll(async () => Number(await tasks.grid.getAttribute("data-columns"))).toBeGreaterThan(4);
  const comfortable = Number(await tasks.grid.getAttribute("data-columns"));
  await page.getByRole("radio", { name: "Compact" }).click();
  await expect.poll(async () => Number(await tasks.grid.getAttribute("data-columns"))).toBeGreaterThan(comfortable);
  await page.reload();
  await expect(page.getByRole("radio", { name: "Compact" })).toBeChecked();
  await page.getByRole("radio", { name: "Comfortable" }).click();
  await expect(tasks.grid).toHaveAttribute("data-columns", String(comfortable));
});

test("the selection bar stays in view while scrolling, with its credits, and its ZIP's index.csv has the prompt", async ({
  page,
}, testInfo) => {
  const ids = [await createTask(page.request, OTTER), await createTask(page.request, CRANE)];
  for (const id of ids) await waitArchived(page.request, id);
  // A short window and enough cards that the page scrolls.
  for (let i = 0; i < 6; i += 1) await createTask(page.request, `${tag} scroll filler ${i}`);
  await page.setViewportSize({ width: 900, height: 500 });
  const tasks = new TasksPage(page);
  await tasks.goto();
  for (const prompt of [OTTER, CRANE]) await tasks.card(prompt).getByRole("checkbox").check();
  const bar = page.getByRole("toolbar", { name: "Selected tasks" });
  let credits = 0;
  for (const id of ids) credits += (await getTask(page.request, id)).credits.used ?? 0;
  await expect(bar).toContainText(`2 selected · ${credits} credits`);

  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(bar).toBeInViewport();

  const [download] = await Promise.all([page.waitForEvent("download"), bar.getByRole("button", { name: "Download ZIP" }).click()]);
  const zip = testInfo.outputPath("gallery.zip");
  await download.saveAs(zip);
  const index = execFileSync("unzip", ["-p", zip, "index.csv"], { encoding: "utf8" });
  const header = index.split("\r\n")[0]!.split(",");
  expect(header).toContain("prompt");
  // Each prompt in its row, quoted as CSV needs (a comma and quotes inside).
  expect(index).toContain(`"${OTTER.replace(/"/g, '""')}"`);
  expect(index).toContain(CRANE);

  await bar.getByRole("button", { name: "Clear selection" }).click();
  await expect(bar).toBeHidden();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the gallery with a selection has no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const tasks = new TasksPage(page);
    await tasks.goto(`?q=${tag}`);
    await useScheme(page, scheme);
    await tasks.card(CRANE).getByRole("checkbox").check();
    await page.getByRole("search", { name: "Filter tasks" }).getByRole("button", { name: "More filters" }).click();
    await expectNoSeriousA11yViolations(page, `/tasks (${scheme})`);
  });
}

test("a long gallery keeps only the rows near the screen, and the cards the server drew stay the same elements", async ({ page }) => {
  const lantern = `win${Date.now().toString(36)}`;
  for (let i = 0; i < 2; i += 1) {
    const data = { submissionId: crypto.randomUUID(), request: { model: "gamma-5-pro", prompt: `${lantern} lantern ${i}` }, runs: 10 };
    const response = await page.request.post("/api/generations", { data });
    expect(response.status(), await response.text()).toBe(202);
  }
  await expect
    .poll(async () => ((await (await page.request.get(`/api/tasks?q=${lantern}&limit=60`)).json()) as { tasks: unknown[] }).tasks.length, {
      timeout: 60_000,
    })
    .toBe(20);
  // Mark the first card as the HTML parser inserts it: hydration and the window must keep that very element (the
  // grid used to swap the server's cards for new ones once measured, and the thumbnails loaded again).
  await page.addInitScript(() => {
    // And count the cards taken out: at the top, none of the server's may go while the page hydrates (a window
    // reckoned for three columns before the grid measured its two took four out, and put two back).
    const removed = { count: 0 };
    (window as unknown as { removedCards: typeof removed }).removedCards = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node instanceof Element && node.matches("article")) removed.count += 1;
    }).observe(document, { childList: true, subtree: true });
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          const card =
            node instanceof Element ? (node.closest("article[data-task-id]") ?? node.querySelector("article[data-task-id]")) : null;
          if (!card) continue;
          (card as unknown as { drawnByServer: boolean }).drawnByServer = true;
          observer.disconnect();
          return;
        }
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  // A phone's screen: its first rows need fewer cards than the server drew.
  await page.setViewportSize({ width: 390, height: 844 });
  const tasks = new TasksPage(page);
  await tasks.goto(`?q=${lantern}`);
  await expect(tasks.grid).toHaveAttribute("data-columns", "2");
  const cards = tasks.grid.getByRole("listitem");
  await expect(cards.first()).toHaveAttribute("aria-setsize", "20");
  await expect
    .poll(() =>
      page.evaluate(() => (document.querySelector("article[data-task-id]") as unknown as { drawnByServer?: boolean }).drawnByServer),
    )
    .toBe(true);
  // Until the page scrolls, the server's eight cards are all there is (rendering the window's rows below them was a
  // long task on a phone as the page loaded), and the page is already as long as the ten rows.
  expect(await cards.count()).toBe(8);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(10 * 250);
  // Every card the server drew is still there.
  expect(await page.evaluate(() => (window as unknown as { removedCards: { count: number } }).removedCards.count)).toBe(0);
  // Two columns of ~300 px rows in an 844 px window: once scrolled, a few rows and their overscan, not all ten.
  await page.mouse.wheel(0, 400);
  await expect.poll(() => cards.count()).toBeGreaterThan(8);
  expect(await cards.count()).toBeLessThan(20);
  const footer = page.getByText("20 tasks, all shown");
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return footer.isVisible();
    })
    .toBe(true);
  await expect(tasks.card(`${lantern} lantern 0`).last()).toHaveAttribute("aria-posinset", "20");
  expect(await cards.count()).toBeLessThan(20);
});
