import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { createTask, TasksPage } from "./support/tasks";

// Unique words per run, so searches find only this run's tasks.
const tag = `tg${Date.now().toString(36)}`;
const FOX = `${tag} amber fox in the snow`;
const OWL = `${tag} silver owl on a branch`;
const FAIL = `${tag} broken lamp [[fail]]`;

let failedId = "";

test("filters and search change the grid and the URL, and survive a reload", async ({ page }) => {
  await createTask(page.request, FOX);
  await createTask(page.request, OWL);
  const tasks = new TasksPage(page);
  await tasks.goto(`?q=${tag}`);
  await expect(tasks.card(FOX)).toBeVisible();
  await expect(tasks.card(OWL)).toBeVisible();

  await tasks.search.fill(`${tag} fox`);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(\\+|%20)fox`));
  await expect(tasks.card(OWL)).toHaveCount(0);
  await expect(tasks.card(FOX)).toBeVisible();

  await tasks.filter("Model").selectOption("gamma-5-pro");
  await expect(page).toHaveURL(/model=gamma-5-pro/);
  await page.reload();
  await expect(tasks.search).toHaveValue(`${tag} fox`);
  await expect(tasks.filter("Model")).toHaveValue("gamma-5-pro");
  await expect(tasks.card(FOX)).toBeVisible();
  await expect(tasks.card(OWL)).toHaveCount(0);

  await tasks.filter("Type").selectOption("video");
  await expect(page).toHaveURL(/kind=video/);
  await expect(page.getByRole("heading", { name: "No tasks match these filters" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "No tasks match these filters" })).toBeVisible();

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(tasks.search).toHaveValue("");
  await expect(tasks.card(OWL)).toBeVisible();
  // A day typed the way pages write dates filters too, and reads back that way after a reload.
  await page.getByRole("button", { name: /^More filters/ }).click();
  const to = page.getByLabel("To", { exact: true });
  await to.fill("1 January 2020");
  await expect(page).toHaveURL(/[?&]to=2020-01-0[12]T/);
  await expect(page.getByRole("heading", { name: "No tasks match these filters" })).toBeVisible();
  await page.reload();
  await expect(to).toHaveValue("1 Jan 2020");
});

test("a live task's card turns succeeded without a reload, and Notify me announces it", async ({ page }) => {
  const prompt = `${tag} live heron at dawn`;
  // The browser grants the permission and records notifications rather than showing them: a headless browser
  // shows none, and Chromium's headless shell denies the permission whatever the context grants.
  await page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = [];
    let permission: NotificationPermission = "default";
    class Recorded {
      static get permission() {
        return permission;
      }
      static requestPermission() {
        permission = "granted";
        return Promise.resolve(permission);
      }
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
    }
    Object.assign(window, { shown, Notification: Recorded });
  });
  // The notifier's code (its words, "Task finished") comes in a script of its own, only once it is turned on.
  const scripts: Promise<boolean>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().then((body) => body.includes("Task finished")));
  });
  const notifierLoaded = async () => (await Promise.all(scripts)).some(Boolean);
  const tasks = new TasksPage(page);
  await tasks.goto(`?q=${encodeURIComponent(prompt)}`);
  await expect(page.getByRole("heading", { name: "No tasks match these filters" })).toBeVisible();
  expect(await notifierLoaded()).toBe(false);
  const notify = page.getByRole("switch", { name: "Notify me when tasks finish" });
  await notify.click();
  await expect(notify).toBeChecked();
  await expect.poll(notifierLoaded).toBe(true);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await createTask(page.request, prompt);
  const card = tasks.card(prompt);
  await expect(card).toBeVisible();
  await expect(card.getByText("Succeeded", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/credits? used$/)).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /\/thumbnail$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // Once its result is in the archive, the task's end is announced, once, with its model and prompt.
  const shown = () => page.evaluate(() => (window as unknown as { shown: { title: string; body?: string }[] }).shown);
  await expect.poll(shown, { timeout: 30_000 }).toContainEqual({ title: "Task finished", body: `gamma-5-pro: ${prompt}` });
  expect((await shown()).filter((note) => note.body?.includes(prompt))).toHaveLength(1);
});

test("a failed task's page explains the error and shows its credits", async ({ page }) => {
  failedId = await createTask(page.request, FAIL);
  await page.goto(`/tasks/${failedId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Task" })).toBeVisible();
  await expect(page.getByText(failedId).first()).toBeVisible();
  const explanation = page.getByTestId("task-explanation");
  await expect(explanation).toContainText(/Generation failed/, { timeout: 30_000 });
  await expect(explanation).toContainText(/refund in progress|refunded/);
  const ledger = page.getByRole("region", { name: "Credits" });
  await expect(ledger.getByText("Reserved", { exact: true })).toBeVisible();
  await expect(ledger.getByText(/^(Refund pending|Refunded)$/)).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: FAIL })).toBeVisible(); // the prompt among the parameters

  // At 1280 px the actions take one row: "Remix" once wrapped alone onto a second.
  await page.setViewportSize({ width: 1280, height: 800 });
  const actions = page.getByRole("region", { name: "Actions" });
  await expect(actions.getByRole("link", { name: "Remix" })).toBeVisible();
  const rows = await actions
    .locator("a, button")
    .evaluateAll((controls) => [...new Set(controls.map((c) => c.getBoundingClientRect().top))]);
  expect(rows, "the tops of the task page's actions").toHaveLength(1);
});

// The gallery with tasks is checked in gallery.spec.ts (with a selection and every filter showing).
test("a failed task's page has no serious accessibility violations, light and dark", async ({ page }) => {
  test.skip(!failedId, "needs the failed task of the previous test");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/tasks/${failedId}`);
    await useScheme(page, scheme);
    await expect(page.getByTestId("task-explanation")).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/tasks/[id] (${scheme})`);
  }
});
