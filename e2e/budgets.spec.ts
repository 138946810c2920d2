import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { ADMIN_STATE } from "./support/accounts";
import { advanceUpstreamClock } from "./support/emulator";
import { test, expect } from "./support/fixtures";
import { alertWith } from "./support/forms";
import { GeneratePage } from "./support/generate";

// One story, in order: the admin sets a member's daily budget of 150, the member sees it, submits up to it (the
// 50% alert, then the 80% one in its place, whose figures move as the tasks finish), is refused past it with the
// message; the admin uses "allow once" and the member's next submission goes through (the 100% alert comes back
// after the 80% was dismissed); with the team's budget past 50% too, the alerts fold into one line above the
// heading, on a phone as well. gamma-5-pro costs 44 credits on the emulator's free plan; once one is charged, the
// next waiting ones count 44 each.
test.describe.configure({ mode: "serial" });

// The budgets are the team's: left in place, they would hold up the specs that run after these in the same lane
// (a tab's catch-up in tabs.spec.ts waited past its limit behind them).
test.afterAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: ADMIN_STATE });
  const { budgets } = (await (await context.request.get("/api/budgets")).json()) as { budgets: { id: string }[] };
  for (const budget of budgets) expect((await context.request.delete(`/api/budgets/${budget.id}`)).ok()).toBe(true);
  await context.close();
});

const BEA = { name: "Bea Budget", email: "bea@example.com", password: "bea-e2e-password", role: "member" as const };

async function submitGamma(page: Page, prompt: string) {
  const generate = new GeneratePage(page);
  await generate.prompt.fill(prompt);
  await generate.submitButton.click();
}

/** The folded alerts above the page: one line, a disclosure that opens each alert in full. */
function budgetAlerts(page: Page) {
  const region = page.getByRole("region", { name: "Budget alerts" });
  return {
    region,
    line: region.getByTestId("budget-alert-line"),
    toggle: region.getByRole("button", { expanded: false }).or(region.getByRole("button", { expanded: true })),
    items: region.getByTestId("budget-alert"),
  };
}

async function expand(alerts: ReturnType<typeof budgetAlerts>) {
  if ((await alerts.toggle.getAttribute("aria-expanded")) === "false") await alerts.toggle.click();
  await expect(alerts.toggle).toHaveAttribute("aria-expanded", "true");
}

/** Lines of text an element takes: its height over its line height, once the page's fonts are in. */
async function textLines(element: Locator): Promise<number> {
  await element.page().evaluate(() => document.fonts.ready.then(() => undefined));
  return element.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
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
  await dialog.getByRole("spinbutton", { name: "Limit (credits)" }).fill("150");
  await dialog.getByRole("button", { name: "Save budget" }).click();
  await expect(dialog).toBeHidden();
  const row = card.getByRole("region", { name: `Daily budget: ${BEA.name}` });
  await expect(row.getByText("150 of 150 credits left")).toBeVisible();
  await page.reload();
  await expect(row.getByText("150 of 150 credits left")).toBeVisible();
});

test("the member sees their budget, gets one alert that moves with their tasks, and is refused past it with the message", async ({
  signedInPage,
}) => {
  const page = await signedInPage(BEA);
  await page.goto("/credits");
  const mine = page.getByRole("region", { name: `Daily budget: You (${BEA.name})` });
  await expect(mine.getByText("150 of 150 credits left")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set a budget" })).toHaveCount(0);
  // Their own panel says it on every page.
  await expect(page.getByRole("complementary").getByTestId("my-budget")).toHaveText("Budget: 150 of 150 credits left today");

  // [[slow]] tasks run until the emulator's clock is moved: the figures are read while they run, then after.
  const generate = new GeneratePage(page);
  const alerts = budgetAlerts(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  await submitGamma(page, "a lighthouse in fog, first [[slow]]");
  await expect(generate.card("a lighthouse in fog, first [[slow]]").first()).toBeVisible();
  await expect(alerts.region).toHaveCount(0);
  await submitGamma(page, "a lighthouse in fog, second [[slow]]");
  await expect(generate.card("a lighthouse in fog, second [[slow]]").first()).toBeVisible();
  await expect(alerts.line).toHaveText("1 budget past 50% · You 88 of 150");
  // 132 of 150: the 80% alert replaces the 50% one; one alert for the budget.
  await submitGamma(page, "a lighthouse in fog, third [[slow]]");
  await expect(generate.card("a lighthouse in fog, third [[slow]]").first()).toBeVisible();
  await expect(alerts.line).toHaveText("1 budget past 80% · You 132 of 150");
  await expect(alerts.items).toBeHidden();
  await expand(alerts);
  await expect(alerts.items).toHaveCount(1);
  await expect(alerts.items).toContainText(/^Your daily budget reached 80% at \d\d:\d\d: now 132 of 150 credits committed \(0 used\)\./);

  // The tasks finish: committed becomes used in the alert, without a reload.
  await advanceUpstreamClock(page.request, 11 * 60);
  await expect(alerts.items).toContainText("now 132 of 150 credits committed (132 used).", { timeout: 60_000 });
  await expect(alerts.line).toHaveText("1 budget past 80% · You 132 of 150");

  await submitGamma(page, "a lighthouse in fog, fourth");
  await expect(alertWith(page, "Your daily budget has 18 credits left; this needs 44. It renews at 00:00, UTC time.")).toBeVisible();
  await expect(generate.card("a lighthouse in fog, fourth")).toHaveCount(0);

  // Dismissed for this member, and the 50% under it does not come back; it stays dismissed after a reload.
  await alerts.items.getByRole("button", { name: "Dismiss this alert" }).click();
  await expect(alerts.region).toHaveCount(0);
  await page.reload();
  await expect(generate.heading).toBeVisible();
  await expect(alerts.region).toHaveCount(0);
});

test("the admin sees the alert and uses 'allow once': the member's next submission goes through, once", async ({ page, signedInPage }) => {
  await page.goto("/credits");
  const alerts = budgetAlerts(page);
  await expect(alerts.line).toHaveText(`1 budget past 80% · ${BEA.name} 132 of 150`);
  await expand(alerts);
  await expect(alerts.items).toContainText(`${BEA.name}'s daily budget reached 80%`);
  // The alerts are in the HTML where they show, above the page's heading: not streamed after the page, which
  // pushed everything below them down once the browser had painted it.
  const html = await (await page.request.get("/credits")).text();
  expect(html.indexOf('data-testid="budget-alerts"')).toBeGreaterThan(-1);
  expect(html.indexOf('data-testid="budget-alerts"')).toBeLessThan(html.indexOf("<h1"));
  const row = page.getByRole("region", { name: `Daily budget: ${BEA.name}` });
  await expect(row.getByText("18 of 150 credits left")).toBeVisible();
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
  // The member dismissed the 80%: crossing 100% brings the budget's alert back, as the higher threshold.
  await expect(budgetAlerts(member).line).toHaveText("1 budget used up · You 176 of 150");

  const audit = await page.request.get("/api/audit");
  const actions = ((await audit.json()) as { entries: { action: string }[] }).entries.map((e) => e.action);
  expect(actions).toEqual(expect.arrayContaining(["budget.set", "budget.allow_once", "budget.allow_once_used"]));
});

test("two budgets' alerts fold into one line above the heading, on a phone too, in light and dark", async ({ page }) => {
  // The team's daily budget, set so the admin's next submission takes it past 50% (earlier specs' tasks count too).
  const setTeam = (limit: number) => page.request.put("/api/budgets", { data: { scope: "team", period: "day", limit } });
  const answer = (await (await setTeam(1_000_000)).json()) as { budgets: { id: string; scope: string; committed: number }[] };
  const team = answer.budgets.find((b) => b.scope === "team")!;
  const committed = team.committed;
  expect((await setTeam(Math.ceil((committed + 44) / 0.6))).ok()).toBe(true);
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  await submitGamma(page, "a lighthouse in fog, for the team");
  await expect(generate.card("a lighthouse in fog, for the team").first()).toBeVisible();

  const alerts = budgetAlerts(page);
  await expect(alerts.line).toHaveText(new RegExp(`^1 budget used up, 1 past 50% · ${BEA.name} 176 of 150 · Team [\\d,]+ of [\\d,]+$`));
  for (const scheme of ["light", "dark"] as const) {
    await useScheme(page, scheme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of ["/credits", "/"]) {
        await page.goto(path);
        const heading = page.getByRole("heading", { level: 1 });
        await expect(heading).toBeVisible();
        await expect(alerts.line).toBeVisible();
        // One line of text, whatever the font: the rest is in the list the line opens.
        expect(await textLines(alerts.line), `${path} at ${width} px`).toBeLessThan(1.5);
        const [region, title] = [await alerts.region.boundingBox(), await heading.boundingBox()];
        expect(region!.y + region!.height, `${path} at ${width} px: the alerts are above the heading`).toBeLessThanOrEqual(title!.y);
        // Folded, not pushed wider than the screen: "See budgets" stays on it.
        expect(region!.x + region!.width, `${path} at ${width} px: the alerts fit the width`).toBeLessThanOrEqual(width);
        await expect(alerts.region.getByRole("link", { name: "See budgets" })).toBeInViewport();
        if (width === 1280) await expectNoSeriousA11yViolations(page, `${path}, ${scheme}`);
      }
    }
    // Opened with the keyboard, each alert reads in full; axe looks at the list too.
    await alerts.toggle.focus();
    await page.keyboard.press("Enter");
    await expect(alerts.toggle).toHaveAttribute("aria-expanded", "true");
    await expect(alerts.items).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, `the alerts opened, ${scheme}`);
  }
  // The specs after this one submit as the admin: the team's budget must not hold them.
  expect((await page.request.delete(`/api/budgets/${team.id}`)).ok()).toBe(true);
});
