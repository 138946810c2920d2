// Retention on the emulator's clock: an image whose upstream copy is not archived, with the upstream's
// clock moved to a day before its 7-day (free plan) retention ends, is flagged on its page and its card, and
// listed by the Overview among the results that expire within 48 hours.
import { advanceUpstreamClock, withUpstreamFault } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { createTask, getTask, TasksPage } from "./support/tasks";

const DAY_SECONDS = 86_400;
const prompt = `rt${Date.now().toString(36)} lighthouse in the fog`;

test("an image near the end of its upstream retention, with no archived copy, is flagged", async ({ page }) => {
  // Every media download fails while this runs, so Darkroom's archive cannot take a copy.
  await withUpstreamFault(page.request, { method: "GET", path: "/media/", kind: "status", status: 503, times: 1000 }, async () => {
    const id = await createTask(page.request, prompt);
    await expect.poll(async () => (await getTask(page.request, id)).archive.error, { timeout: 30_000 }).not.toBeNull();
    const before = await getTask(page.request, id);
    expect(before.status).toBe("archiving");
    await page.goto(`/tasks/${id}`);
    await expect(page.getByTestId("retention")).toContainText("Retention");
    await expect(page.getByTestId("retention")).toContainText("does not hold it yet");

    // Six days and a few hours pass upstream. Darkroom reads the upstream's clock from its next answer
    // (the archive's retry polls the task), and the expiry moves six days closer.
    await advanceUpstreamClock(page.request, 6 * DAY_SECONDS + 3 * 3600);
    await expect
      .poll(async () => Date.parse((await getTask(page.request, id)).expiresAt ?? "") - Date.now(), { timeout: 45_000, intervals: [1000] })
      .toBeLessThan(DAY_SECONDS * 1000);
    await page.reload();
    const warning = page.getByTestId("retention");
    await expect(warning).toContainText("The upstream copy expires soon and is not archived");
    await expect(warning).toContainText("7 days on the free plan");

    const tasks = new TasksPage(page);
    await tasks.goto(`?q=${encodeURIComponent(prompt)}`);
    await expect(tasks.card(prompt)).toContainText(/Upstream copy expires in \d+ hours, not archived/);

    // The Overview reckons on the same clock: the copy the page warns about is in its 48-hour list, with the
    // same hours left.
    const left = Math.round((Date.parse((await getTask(page.request, id)).expiresAt ?? "") - Date.now()) / 3_600_000);
    await page.goto("/");
    const expiring = page.getByRole("region", { name: "Results that expire soon" });
    const line = expiring.getByRole("listitem").filter({ hasText: prompt });
    await expect(line).toContainText("Not in the archive");
    const shown = Number((await line.textContent())?.match(/deletes its copy in about (\d+) h/)?.[1]);
    expect(Math.abs(shown - left)).toBeLessThanOrEqual(1);
  });
});
