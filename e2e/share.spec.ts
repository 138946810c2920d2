import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { doubleClickAfterAnswer } from "./support/forms";
import { createTask, TasksPage, waitArchived } from "./support/tasks";

// Issue 30, part 3: a task shared from its page (and a selection, from the gallery) opens in a browser with no
// session (the media, and the prompt only when chosen; nothing of the dashboard), is accessible in light and
// dark and on a phone, and is refused on the next open once revoked in Settings.

test("a shared task opens with no account, shows the prompt only when chosen, and is refused once revoked", async ({ page, newPage }) => {
  const prompt = `a lighthouse to share ${Date.now()}`;
  const taskId = await createTask(page.request, prompt);
  await waitArchived(page.request, taskId);

  await page.goto(`/tasks/${taskId}`);
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByLabel("Link expires after").selectOption("1d");
  // A double click makes one link, however fast the server answered the first click (issue 45).
  const sent = await doubleClickAfterAnswer(page, page.getByRole("button", { name: "Make a link" }), "POST", "/api/share-links");
  await page.waitForTimeout(300);
  expect(sent()).toBe(1);
  const quietLink = await page.getByLabel("Share link").inputValue();
  expect(quietLink).toMatch(/^http.*\/s\/[\w-]{24}$/);
  // The page's own origin (issue 45: it named the launcher's 127.0.0.1 while the browser was on localhost),
  // and, being loopback with no PUBLIC_BASE_URL, a note that it opens on this machine only.
  expect(new URL(quietLink).origin).toBe(new URL(page.url()).origin);
  await expect(page.getByText("This link opens on this machine only")).toBeVisible();
  const quietUrl = new URL(quietLink).pathname;
  await page.getByLabel("Show the prompt").check();
  await page.getByRole("button", { name: "Make a link" }).click();
  await expect(page.getByLabel("Share link")).not.toHaveValue(quietLink);
  const toldUrl = new URL(await page.getByLabel("Share link").inputValue()).pathname;
  await expectNoSeriousA11yViolations(page, "task page with its share panel");

  // A fresh browser with no session.
  const visitor = await newPage();
  const opened = await visitor.goto(quietUrl);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()["x-robots-tag"]).toContain("noindex");
  expect(opened!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const image = visitor.getByRole("img", { name: "Image" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(visitor.getByText(prompt)).toHaveCount(0);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const preview = await visitor.locator('meta[property="og:image"]').getAttribute("content");
  expect(preview).toMatch(/\/s\/[\w-]{24}\/media\/task_[^/]+\/0\/thumbnail$/);
  const thumbnail = await visitor.request.get(new URL(preview!).pathname);
  expect(thumbnail.headers()["content-type"]).toBe("image/webp");
  // Nothing of the dashboard: no link into it, no member, no credits, no upstream address.
  const html = await visitor.content();
  for (const leak of ["Ada Admin", "ada@example.com", "credit", "upstream", 'href="/tasks', 'href="/settings'])
    expect(html.toLowerCase()).not.toContain(leak.toLowerCase());
  // Its links stay on the link: the full size, its download, and the same as "Download" at the top.
  const token = quietUrl.split("/s/")[1]!;
  expect(await visitor.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    `/s/${token}/download`,
    expect.stringMatching(new RegExp(`^/s/${token}/media/task_[^/]+/0$`)),
    expect.stringMatching(new RegExp(`^/s/${token}/media/task_[^/]+/0\\?download=1$`)),
  ]);
  // Named after the task (its model, as the prompt is not shown), with the app's one date format and its zone.
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Gamma 5 Pro image");
  await expect(visitor.getByText(/this link works until \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d\d:\d\d UTC/)).toBeVisible();
  await expect(visitor).toHaveTitle("Gamma 5 Pro image · shared from Darkroom");
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", "Gamma 5 Pro image · shared from Darkroom");
  const [file] = await Promise.all([visitor.waitForEvent("download"), visitor.getByRole("link", { name: "Download image" }).click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^gamma-5-pro_\\d{4}-\\d{2}-\\d{2}_untitled_${taskId}\\.png$`));
  for (const scheme of ["light", "dark"] as const) {
    await useScheme(visitor, scheme);
    await expectNoSeriousA11yViolations(visitor, `share page (${scheme})`);
  }

  // With the prompt, and on a phone: the picture fits the width.
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.goto(toldUrl);
  // The task's name is its prompt, written once.
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(prompt);
  await expect(visitor.getByText(prompt)).toHaveCount(1);
  await expect(visitor.getByRole("img", { name: prompt })).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(visitor, "share page (phone)");

  // Revoked in Settings: the next open is refused, the other link still opens.
  await page.goto("/settings");
  const list = page.getByTestId("share-links");
  await expect(list.getByText(taskId)).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, "Settings with share links");
  await page.getByRole("button", { name: `Revoke the share link of task ${taskId} (media only)` }).click();
  await expect(list.getByText(taskId)).toHaveCount(1);
  const refused = await visitor.goto(quietUrl);
  expect(refused!.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "This link does not open" })).toBeVisible();
  expect((await visitor.request.get(new URL(preview!).pathname)).status()).toBe(404);
  expect((await visitor.goto(toldUrl))!.status()).toBe(200);
});

test("a selection of tasks is shared from the gallery as one link, its media only", async ({ page, newPage }) => {
  const tag = `share-selection-${Date.now()}`;
  const prompts = [`a heron ${tag}`, `a boat ${tag}`];
  for (const prompt of prompts) await waitArchived(page.request, await createTask(page.request, prompt));

  const tasks = new TasksPage(page);
  await tasks.goto(`?q=${tag}`);
  for (const prompt of prompts) await tasks.card(prompt).getByRole("checkbox").check();
  await page.getByRole("toolbar", { name: "Selected tasks" }).getByRole("button", { name: "Share" }).click();
  const panel = page.getByRole("region", { name: "Share the selected tasks" });
  await panel.getByRole("button", { name: "Make a link" }).click();
  const url = new URL(await panel.getByLabel("Share link").inputValue()).pathname;

  const visitor = await newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { name: "2 shared results" })).toBeVisible();
  await expect(visitor.getByRole("list", { name: "Shared results" }).getByRole("listitem")).toHaveCount(2);
  for (const prompt of prompts) await expect(visitor.getByText(prompt)).toHaveCount(0);
  await expect(visitor.getByRole("img")).toHaveCount(2);
});
