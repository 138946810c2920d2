import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { alertWith } from "./support/forms";
import { GeneratePage } from "./support/generate";

// One story, in order: the admin sets a member's daily budget, the member sees it, submits up to it (the
// 80% alert appears), is refused past it with the message; the admin uses "allow once" and the member's
// next submission goes through. gamma-5-pro costs 44 credits on the emulator's free plan; once one is charged,
// the next waiting ones count 44 each.
test.describe.configure({ mode: "serial" });

const BEA = { name: "Bea Budget", email: "bea@example.com", password: "bea-e2e-password", role: "member" as const };

async function submitGamma(page: Page, prompt: string) {
  const generate = new GeneratePage(page);
  await generate.prompt.fill(prompt);
  await generate.submitButton.click();
}

test("the admin sets a member's daily budget in the Credits page's dialog", async ({ page }) => {
  const added = await page.request.post("/api/members", { data: BEA });
  expect(added.status()).toBe(201);
  await page.goto("/credits");
  const card = page.getByRole("region", { name: "Budgets" });
  await expect(card.getByText("No budgets yet")).toBeVisible();
  // The dialog's code loads on first use; Escape closes it and gives focus back to its button.
  const setBudget = card.getByRole("button", { name: "Set a budget" });
  const dialog = page.getByRole("dialog", { name: "Set a budget" });
  await setBudget.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(setBudget).toBeFocused();
  await setBudget.click();
  await dialog.getByRole("combobox", { name: "For" }).selectOption("member");
  await dialog.getByRole("combobox", { name: "Member" }).selectOption({ label: BEA.name });
  await dialog.getByRole("combobox", { name: "Period" }).selectOption("day");
  await dialog.getByRole("spinbutton", { name: "Limit (credits)" }).fill("100");
  await dialog.getByRole("button", { name: "Save budget" }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByRole("region", { name: `Daily budget: ${BEA.name}` });
  await expect(row.getByText("100 of 100 credits left")).toBeVisible();
  await page.reload();
  await expect(row.getByText("100 of 100 credits left")).toBeVisible();
});

test("the member sees their budget, gets the 80% alert and is refused past it with the message", async ({ signedInPage }) => {
  const page = await signedInPage(BEA);
  await page.goto("/credits");
  const mine = page.getByRole("region", { name: `Daily budget: You (${BEA.name})` });
  await expect(mine.getByText("100 of 100 credits left")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set a budget" })).toHaveCount(0);
  // Their own panel says it on every page.
  await expect(page.getByRole("complementary").getByTestId("my-budget")).toHaveText("Budget: 100 of 100 credits left today");

  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  await submitGamma(page, "a lighthouse in fog, first");
  await expect(generate.card("a lighthouse in fog, first").first()).toBeVisible();
  await expect(page.getByTestId("budget-alert")).toHaveCount(0);
  await submitGamma(page, "a lighthouse in fog, second");
  await expect(generate.card("a lighthouse in fog, second").first()).toBeVisible();
  // 88 of 100: the 50% and 80% alerts fire once each.
  await expect(page.getByTestId("budget-alert").filter({ hasText: "Your daily budget reached 80%" })).toBeVisible();

  await submitGamma(page, "a lighthouse in fog, third");
  await expect(alertWith(page, "Your daily budget has 12 credits left; this needs 44. It renews at 00:00, UTC time.")).toBeVisible();
  await expect(generate.card("a lighthouse in fog, third")).toHaveCount(0);

  // Dismissed for this member; it stays dismissed after a reload.
  const fifty = page.getByTestId("budget-alert").filter({ hasText: "reached 50%" });
  await fifty.getByRole("button", { name: "Dismiss this alert" }).click();
  await expect(fifty).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("budget-alert").filter({ hasText: "reached 80%" })).toBeVisible();
  await expect(page.getByTestId("budget-alert").filter({ hasText: "reached 50%" })).toHaveCount(0);
});

test("the admin sees the alert and uses 'allow once': the member's next submission goes through, once", async ({ page, signedInPage }) => {
  await page.goto("/credits");
  await expect(page.getByTestId("budget-alert").filter({ hasText: `${BEA.name}'s daily budget reached 80%` })).toBeVisible();
  // The alerts are in the HTML where they show, above the page's heading: not streamed after the page, which
  // pushed everything below them down once the browser had painted it.
  const html = await (await page.request.get("/credits")).text();
  expect(html.indexOf('data-testid="budget-alert"')).toBeGreaterThan(-1);
  expect(html.indexOf('data-testid="budget-alert"')).toBeLessThan(html.indexOf("<h1"));
  const row = page.getByRole("region", { name: `Daily budget: ${BEA.name}` });
  await expect(row.getByText("12 of 100 credits left")).toBeVisible();
  await row.getByRole("button", { name: "Allow once" }).click();
  await expect(row.getByRole("button", { name: "Allow once granted" })).toBeDisabled();

  const member = await signedInPage(BEA);
  const generate = new GeneratePage(member);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  // What the API charged before is what a waiting submission counts for (the client never prices a request).
  await expect(member.getByTestId("cost-note")).toContainText(/\b44 credits\b/);
  await submitGamma(member, "a lighthouse in fog, allowed once");
  await expect(generate.card("a lighthouse in fog, allowed once").first()).toBeVisible();
  await submitGamma(member, "a lighthouse in fog, and no more");
  await expect(alertWith(member, /^Your daily budget has 0 credits left; this needs 44\./)).toBeVisible();

  const audit = await page.request.get("/api/audit");
  const actions = ((await audit.json()) as { entries: { action: string }[] }).entries.map((e) => e.action);
  expect(actions).toEqual(expect.arrayContaining(["budget.set", "budget.allow_once", "budget.allow_once_used"]));
});
