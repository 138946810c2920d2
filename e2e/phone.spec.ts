import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { SIGNED_OUT } from "./support/accounts";
import { SignInPage, navLink, overviewHeading } from "./support/auth";
import { test, expect } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/forms";
import { GeneratePage } from "./support/generate";
import { MembersPage } from "./support/members";
import { createTask, hydrated, waitArchived } from "./support/tasks";

// A phone-width screen: the sidebar gives way to a top bar whose menu button opens the navigation.
test.use({ viewport: { width: 390, height: 844 } });

const PAGES = [
  { link: "Generate", path: "/generate" },
  { link: "Compare", path: "/compare" },
  { link: "Batches", path: "/batches" },
  { link: "Tasks", path: "/tasks" },
  { link: "Credits", path: "/credits" },
  { link: "Settings", path: "/settings" },
  { link: "Overview", path: "/" },
] as const;

test("the menu button opens the navigation, its links work, and nothing scrolls sideways", async ({ page }) => {
  await page.goto("/");
  await expect(overviewHeading(page)).toBeVisible();
  await expect(page.getByRole("complementary")).toBeHidden(); // the wide-screen sidebar
  await expectNoHorizontalScroll(page);

  const openMenu = page.getByRole("button", { name: "Open menu" });
  const menu = page.getByRole("dialog", { name: "Menu" });
  for (const { link, path } of PAGES) {
    await openMenu.click();
    await expect(menu).toBeVisible();
    await navLink(page, link).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: link })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }

  // The menu closes with Escape and gives focus back to its button.
  await openMenu.click();
  await expect(menu.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(openMenu).toBeFocused();

  // A tap on the dimmed page below the menu closes it too, and only the menu is reachable while it is open.
  await openMenu.click();
  await expect(menu).toBeVisible();
  for (let i = 0; i < 12; i += 1) await page.keyboard.press("Tab");
  await expect(menu.locator(":focus")).toHaveCount(1);
  await page.mouse.click(195, 835);
  await expect(menu).toBeHidden();
  await expect(openMenu).toBeFocused();
});

test("the model list shows each model's price whole", async ({ page }) => {
  // A charge of the team's own, so the list has a price to show.
  const id = await createTask(page.request, `priced at phone width ${Date.now()}`);
  await waitArchived(page.request, id);
  await page.goto("/generate");
  const models = page.getByRole("radiogroup", { name: "Model" });
  await expect(models.getByText(/from [\d,]+ credits?$/).first()).toBeVisible();
  // Cut text ("Video · from 38 c…") is wider inside than its box.
  const cut = await models
    .locator("label span")
    .evaluateAll((spans) => spans.filter((span) => span.scrollWidth > span.clientWidth).map((span) => span.textContent));
  expect(cut).toEqual([]);
  await expectNoHorizontalScroll(page);
});

test("members show as cards, and the Add member dialog fits the screen", async ({ page }) => {
  const members = new MembersPage(page);
  await members.goto();
  await expect(page.getByRole("table")).toBeHidden();
  const self = page.getByRole("listitem").filter({ hasText: "You" });
  await expect(self).toBeVisible();
  await expect(self.getByRole("combobox")).toHaveCount(0); // nobody demotes or disables themself
  await expect(self.getByRole("button")).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  const dialog = await members.openAddDialog();
  const box = await dialog.root.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectNoHorizontalScroll(page);
});

for (const scheme of ["light", "dark"] as const) {
  test(`the open menu has no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.goto("/tasks");
    await useScheme(page, scheme);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    // The theme switch is in the menu too.
    await expect(menu.getByRole("radio", { name: scheme === "dark" ? "Dark" : "Light" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `phone menu (${scheme})`);
  });
}

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });

  test("the sign-in page fits a phone screen", async ({ page }) => {
    await new SignInPage(page).goto();
    await expectNoHorizontalScroll(page);
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeInViewport();
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("the workspace leaves its prompt unfocused: no keyboard rises over the form unasked", async ({ page }) => {
    const generate = new GeneratePage(page);
    await generate.goto();
    await hydrated(generate.prompt);
    // Two frames after hydration: where a pointer is fine, the prompt is focused in the first (workspace.spec.ts).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(generate.prompt).not.toBeFocused();
    // It is one tap away, and takes what is typed.
    await generate.prompt.tap();
    await expect(generate.prompt).toBeFocused();
  });
});
