// Issue 28: a page asks for nothing as it loads. What it shows comes with the HTML (the shell's budgets, the
// gallery's first page, a task's lineage, the workspace's balance), and a link prefetches only when a pointer or
// focus comes to it: on a phone, every request of the first second was a task of its own on the main thread.
import type { Page, Request } from "@playwright/test";
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

test("no page asks for data, or prefetches another page, as it loads", async ({ page }) => {
  const id = await createTask(page.request, `lr${Date.now().toString(36)} owl at dusk`);
  await waitArchived(page.request, id);
  for (const path of ["/", "/generate", "/tasks", `/tasks/${id}`, "/credits"]) {
    const asked: string[] = [];
    const record = (request: Request) => {
      const what = asksForData(request);
      if (what) asked.push(what);
    };
    page.on("request", record);
    await page.goto(path);
    await hydrated(page.locator("main"));
    await settled(page);
    page.off("request", record);
    expect(asked, path).toEqual([]);
  }
});
