// The Overview page, server-rendered: what runs now (with its progress), what waits and why, today's spend,
// results that expire soon, recent failures explained, and the system status; each part says so when empty.
import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { advanceUpstreamClock } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { submit, waitAccepted } from "./support/queue";
import { createTask, taskStatus } from "./support/tasks";

test.describe.configure({ mode: "serial" });
const tag = `ov${Date.now().toString(36)}`;
const FAILED = `${tag} cracked vase [[fail]]`;
const SLOW = `${tag} slow sunrise [[slow]]`;

test("shows running, queued, today's spend, expiring results, recent failures and the system status", async ({ page }) => {
  test.setTimeout(90_000);
  const failed = await createTask(page.request, FAILED);
  await expect.poll(() => taskStatus(page.request, failed), { timeout: 30_000 }).toBe("failed");
  const slow = await submit(page.request, SLOW);
  await waitAccepted(page.request, slow);
  try {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const running = page.getByRole("region", { name: /^Running now/ });
    await expect(running).toContainText(SLOW.replace(" [[slow]]", ""));
    await expect(running.getByRole("progressbar").first()).toBeVisible();
    await expect(page.getByRole("region", { name: /^Queued/ })).toBeVisible();
    const spend = page.getByRole("region", { name: "Today's spend" });
    await expect(spend).toContainText("Used");
    await expect(spend).toContainText("Reserved now");
    await expect(page.getByRole("region", { name: "Results that expire soon" })).toContainText(
      /expires in the next 48 hours|deletes its copy/,
    );
    const failures = page.getByRole("region", { name: "Recent failures" });
    await expect(failures).toContainText(FAILED);
    await expect(failures).toContainText(/Generation failed/);
    await expect(page.getByText("Reachable, and the API key is accepted.")).toBeVisible();

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await useScheme(page, scheme);
      await expectNoSeriousA11yViolations(page, `/ (${scheme})`);
    }
  } finally {
    await advanceUpstreamClock(page.request, 11 * 60);
  }
});

test("the sidebar, rendered on the server, marks the page open after a navigation in the browser", async ({ page }) => {
  // The layout is not rendered again on a navigation: the mark must follow the browser's own path.
  await page.goto("/");
  const sidebar = page.getByRole("complementary").getByRole("navigation", { name: "Main" });
  await expect(sidebar.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await sidebar.getByRole("link", { name: "Credits" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Credits" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Credits" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", /.*/);
});
