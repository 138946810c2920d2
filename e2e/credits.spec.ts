import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/forms";
import { createTask, waitUntilQuiet } from "./support/tasks";

// Other specs may have made tasks before this one, so every check compares the page before and after.
const tag = `cr${Date.now().toString(36)}`;

interface ApiTask {
  status: string;
  credits: { reserved: number | null; used: number | null; refunded: number | null };
}

async function waitForTask(request: APIRequestContext, id: string, done: (task: ApiTask) => boolean): Promise<ApiTask> {
  let task: ApiTask | undefined;
  await expect
    .poll(
      async () => {
        task = ((await (await request.get(`/api/tasks/${id}`)).json()) as { task: ApiTask }).task;
        return done(task);
      },
      { timeout: 40_000, intervals: [500, 1000] },
    )
    .toBe(true);
  return task!;
}

/**
 * A task made through a member's access token, as a script makes it (issue 29), so the page has its
 * "Through access tokens" table; the table counts tasks Darkroom recorded, so this waits until the queue sent it.
 */
async function createTokenTask(request: APIRequestContext, prompt: string): Promise<string> {
  const name = `${tag} script`;
  const made = await request.post("/api/settings/access-tokens", { data: { name, scope: "images" } });
  expect(made.status(), await made.text()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const created = await request.post("/v1/images/generations", {
    data: { model: "gamma-5-pro", prompt },
    // A script sends its token and key, and no session.
    headers: { authorization: `Bearer ${token}`, "idempotency-key": `${tag}-token-task`, cookie: "" },
  });
  expect(created.status(), await created.text()).toBe(202);
  await expect
    .poll(
      async () => {
        const ledger = (await (await request.get("/api/credits/ledger?period=30d")).json()) as { report: { byToken: { name: string }[] } };
        return ledger.report.byToken.some((row) => row.name === name);
      },
      { timeout: 40_000, intervals: [500, 1000] },
    )
    .toBe(true);
  return name;
}

const toNumber = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

class CreditsPage {
  constructor(readonly page: Page) {}

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/credits${query}`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Credits" })).toBeVisible();
  }

  /** A total from the summary ("used", "reserved-now", "refunded", "refund-pending"); 0 when the period is empty. */
  async total(name: string): Promise<number> {
    const card = this.page.getByTestId(`total-${name}`);
    if ((await card.count()) === 0) return 0;
    return toNumber(await card.getByRole("definition").first().textContent());
  }

  modelRow(label: string) {
    return this.page
      .getByRole("region", { name: "By model" })
      .getByRole("row")
      .filter({ has: this.page.getByRole("rowheader", { name: label }) });
  }

  /** The Used cell of a model's row; 0 when the model has no row. */
  async modelUsed(label: string): Promise<number> {
    const row = this.modelRow(label);
    if ((await row.count()) === 0) return 0;
    return toNumber(await row.getByRole("cell").nth(1).textContent());
  }
}

test("a succeeded task's credits show in the totals and in its model's row, which links to the gallery", async ({ page }) => {
  const credits = new CreditsPage(page);
  await waitUntilQuiet(page.request);
  await credits.goto();
  const usedBefore = await credits.total("used");
  const modelBefore = await credits.modelUsed("Gamma 5 Pro");

  const id = await createTask(page.request, `${tag} copper kettle on a stove`);
  const task = await waitForTask(page.request, id, (t) => t.status === "succeeded");
  expect(task.credits.used).toBeGreaterThan(0);

  await credits.goto();
  await expect(page.getByText("Your balance is not shown")).toBeVisible();
  expect(await credits.total("used")).toBe(usedBefore + task.credits.used!);
  expect(await credits.modelUsed("Gamma 5 Pro")).toBe(modelBefore + task.credits.used!);
  // The spend chart has the number for screen readers too.
  await expect(page.getByRole("table", { name: /Credits used per day/ })).toBeAttached();

  await credits.modelRow("Gamma 5 Pro").getByRole("link").click();
  await expect(page).toHaveURL(/\/tasks\?model=gamma-5-pro&from=/);
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
});

test("a failed task's credits show as refunded or refund pending", async ({ page }) => {
  const credits = new CreditsPage(page);
  await waitUntilQuiet(page.request);
  await credits.goto();
  const before = (await credits.total("refunded")) + (await credits.total("refund-pending"));
  const id = await createTask(page.request, `${tag} broken kettle [[fail]]`);
  const task = await waitForTask(page.request, id, (t) => t.status === "failed");
  await credits.goto();
  const after = (await credits.total("refunded")) + (await credits.total("refund-pending"));
  expect(after - before).toBe(task.credits.refunded ?? task.credits.reserved);
});

test("the period links change the URL and mark the current period", async ({ page }) => {
  const credits = new CreditsPage(page);
  await credits.goto();
  const period = page.getByRole("navigation", { name: "Period" });
  await expect(period.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await period.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\/credits\?period=7d$/);
  await expect(period.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(period.getByRole("link", { name: "30 days" })).not.toHaveAttribute("aria-current", /.*/);
  await period.getByRole("link", { name: "All time" }).click();
  await expect(page).toHaveURL(/\/credits\?period=all$/);
  await expect(page.getByTestId("credit-task-count")).toContainText("in all time");
  // A bad value falls back to the default.
  await credits.goto("?period=forever");
  await expect(period.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
});

test("the credits page with data has no serious accessibility violations, light and dark", async ({ page }) => {
  const credits = new CreditsPage(page);
  // With a token's task too, so the check covers the "Through access tokens" table.
  const token = await createTokenTask(page.request, `${tag} kettle made by a script`);
  for (const scheme of ["light", "dark"] as const) {
    await credits.goto();
    await useScheme(page, scheme);
    await expect(page.getByRole("region", { name: "By member" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Through access tokens" }).getByText(`via token ${token}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/credits with data (${scheme})`);
  }
});

test("at phone width the page fits the screen, for every period", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const credits = new CreditsPage(page);
  for (const query of ["?period=7d", "", "?period=90d", "?period=all"]) {
    await credits.goto(query);
    await expect(page.getByRole("region", { name: "By model" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    // Nothing hidden (the chart's table for screen readers) stretches the page below its last line.
    const { scrollHeight, contentBottom } = await page.evaluate(() => ({
      scrollHeight: document.scrollingElement?.scrollHeight ?? 0,
      contentBottom: (document.querySelector("main footer")?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
    }));
    expect(scrollHeight).toBeLessThanOrEqual(contentBottom + 80);
  }
});
