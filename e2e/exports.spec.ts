import { readFile } from "node:fs/promises";
import { expect, test } from "./support/fixtures";
import { createTask } from "./support/tasks";

// Exports and the export token as an admin uses them: the Credits page's download links, a token made in
// Settings used by a script (no session), and a webhook URL on the local network refused with the reason.

test("the Credits page downloads the tasks CSV of the period it shows", async ({ page }) => {
  const taskId = await createTask(page.request, `export me ${Date.now()}`);
  await page.goto("/credits?period=7d");
  const card = page.getByRole("heading", { name: "Export" }).locator("xpath=ancestor::*[contains(@class,'rounded')][1]");
  const link = page.getByRole("link", { name: "Tasks (CSV)" });
  await expect(link).toHaveAttribute("href", /^\/api\/exports\/tasks\.csv\?from=\d{4}-\d{2}-\d{2}&bom=1$/);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^darkroom-tasks-from-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFFtask_id,created_at,member,model,")).toBe(true);
  expect(csv).toContain(taskId);
  // Dates read as every other date on the page ("26 Nov 2026"), not the browser's mm/dd/yyyy; a typed day
  // reaches the links and is written back in that form.
  await expect(card.getByLabel("From")).toHaveValue(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
  const to = card.getByLabel("To");
  // Empty, the field says what that means rather than showing a day that looks like a value.
  await expect(to).toHaveValue("");
  await expect(to).toHaveAttribute("placeholder", "No limit");
  await to.fill("3 March 2099");
  await expect(link).toHaveAttribute("href", /&to=2099-03-03&bom=1$/);
  await to.blur();
  await expect(to).toHaveValue("3 Mar 2099");
  await to.fill("2000-01-01");
  await expect(page.getByRole("alert").filter({ hasText: "ends before it starts" })).toBeVisible();
});

test("an admin makes an export token that a script uses without a session, and revokes it", async ({ page, playwright, baseURL }) => {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Make a new token" }).click();
  const token = await page.getByLabel("New export token").inputValue();
  expect(token).toMatch(/^drx_/);

  const script = await playwright.request.newContext({ baseURL }); // no cookies: a BI tool
  const usage = await script.get("/api/exports/usage.csv", { headers: { authorization: `Bearer ${token}` } });
  expect(usage.status()).toBe(200);
  expect((await usage.text()).split("\r\n")[0]).toBe(
    "day,member_id,member,model,via_token_id,via_token,tasks,credits_used,credits_refunded,credits_reserved_now,credits_refund_pending,succeeded_tasks,failed_tasks",
  );
  expect((await script.get("/api/tasks", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);

  await page.reload();
  const row = page.getByTestId("export-tokens").getByRole("listitem").first();
  await expect(row).not.toContainText("last used never");
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("No export token yet.")).toBeVisible();
  expect((await script.get("/api/exports/usage.csv", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  await script.dispose();
});

test("a webhook URL on the local network is refused with the reason", async ({ page }) => {
  await page.goto("/settings");
  await page.getByLabel("Webhook URL").fill("https://192.168.1.20/hooks/alerts");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/its address is not public \(private\)/)).toBeVisible();
  await expect(page.getByTestId("webhook-target")).toHaveText("No webhook set.");
});
