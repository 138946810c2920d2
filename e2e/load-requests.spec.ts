// Issue 28: a page asks for nothing as it loads. What it shows comes with the HTML (the shell's budgets, the
// gallery's first page, a task's lineage, the workspace's balance), and a link prefetches only when a pointer or
// focus comes to it: on a phone, every request of the first second was a task of its own on the main thread.
import type { Locator, Page, Request } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { createTask, hydrated, waitArchived } from "./support/tasks";

/** Resolves once the page's main thread has been idle twice: what hydration's effects ask for has been asked. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))));

/** A read of Darkroom's API or a prefetch of another page's render; the event stream and pictures are not. */
function asksForData(request: Request): string | undefined {
  const url = new URL(request.url());
  if (url.searchParams.has("_rsc")) return `prefetch ${url.pathname}${url.search}`;
  if (url.pathname.startsWith("/api/") && !/^\/api\/(events|media)\b/.test(url.pathname))
    return `${request.method()} ${url.pathname}${url.search}`;
  return undefined;
}

/**
 * Opens `path` and answers what it asked for until its main thread had been idle twice, after what loads lazily
 * with it (`shown`) has shown.
 */
async function askedWhileLoading(page: Page, path: string, shown?: Locator): Promise<string[]> {
  const asked: string[] = [];
  const record = (request: Request) => {
    const what = asksForData(request);
    if (what) asked.push(what);
  };
  page.on("request", record);
  await page.goto(path);
  await hydrated(page.locator("main"));
  if (shown) await expect(shown).toBeVisible();
  await settled(page);
  page.off("request", record);
  return asked;
}

test("no page asks for data, or prefetches another page, as it loads", async ({ page }) => {
  const id = await createTask(page.request, `lr${Date.now().toString(36)} owl at dusk`);
  await waitArchived(page.request, id);
  for (const path of ["/", "/generate", "/tasks", `/tasks/${id}`, "/batches", "/batches/new", "/credits"])
    expect(await askedWhileLoading(page, path), path).toEqual([]);
  // The workspace opens on the model chosen last in this tab (else the team's usual one): one with image inputs
  // shows their drop zone, which asks whether uploads can work here.
  await page.evaluate(() => sessionStorage.setItem("darkroom:generate:choice", JSON.stringify({ model: "alpha-2.3" })));
  expect(await askedWhileLoading(page, "/generate", page.getByTestId("image-drop")), "/generate, Alpha 2.3").toEqual([]);
});
