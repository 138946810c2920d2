import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { GeneratePage } from "./support/generate";

// Issue 30, part 1: from the workspace, one prompt to three image columns (the workspace's model with its
// settings, the same model with its defaults, another image model) and a video model; four live columns with
// what the API charged each; a favourite that stays picked; the columns as a swipeable row on a phone.

// Video results render for real in the emulator: give them room on a busy machine (a hang detector, not a target).
const RESULT_TIMEOUT = 120_000;

test("compares 3 image models and 1 video model from one prompt, live, with their charges and a favourite", async ({ page }) => {
  const prompt = `a lighthouse compared ${Date.now()}`;
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  await generate.prompt.fill(prompt);
  await page.getByRole("button", { name: "Compare with other models" }).click();

  const form = page.getByRole("form", { name: "New comparison" });
  await expect(form.getByRole("textbox", { name: "Prompt" })).toHaveValue(prompt);
  await expect(form.getByRole("checkbox", { name: /^Gamma 5 Pro \(your settings\)/ })).toBeChecked();
  await form.getByRole("checkbox", { name: /^Gamma 5 Pro · image/ }).check();
  await form.getByRole("checkbox", { name: /^Delta Image 2 · image/ }).check();
  await form.getByRole("checkbox", { name: /^Epsilon v6 · video/ }).check();
  await form.getByRole("button", { name: "Compare 4 models" }).click();

  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1)!;
  const columns = page.getByRole("list", { name: "Models compared" }).getByRole("listitem");
  await expect(columns).toHaveCount(4);
  // The workspace's column first, then the catalogue's order.
  await expect(columns.getByRole("heading")).toHaveText(["Gamma 5 Pro", "Epsilon v6", "Gamma 5 Pro", "Delta Image 2"]);
  // Live: each column reaches its result on the open page, with no reload.
  for (let i = 0; i < 4; i += 1)
    await expect(columns.nth(i).getByText("Succeeded", { exact: true })).toBeVisible({ timeout: RESULT_TIMEOUT });

  // The charges shown are the API's figures as each task records them.
  const body = (await (await page.request.get(`/api/comparisons/${id}`)).json()) as {
    comparison: { columns: { task: { credits: { reserved: number; used: number } } }[] };
  };
  for (const [i, column] of body.comparison.columns.entries()) {
    const facts = columns.nth(i).getByRole("definition");
    await expect(facts.nth(0)).toHaveText(`${column.task.credits.reserved.toLocaleString("en-US")} credits`);
    await expect(facts.nth(1)).toHaveText(`${column.task.credits.used.toLocaleString("en-US")} credits`);
    await expect(facts.nth(2)).toHaveText(/^\d+:\d\d$/);
  }

  const pick = columns.nth(3).getByRole("button", { name: "Favourite: Delta Image 2" });
  await pick.click();
  await expect(pick).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(columns.nth(3).getByRole("button", { name: "Favourite: Delta Image 2" })).toHaveAttribute("aria-pressed", "true");

  // Listed, and the gallery filters by it.
  await page.goto("/compare");
  await page.getByRole("link", { name: new RegExp(prompt) }).click();
  await expect(page).toHaveURL(new RegExp(`/compare/${id}$`));
  await page.getByRole("link", { name: "In the gallery" }).click();
  await expect(page.getByRole("link", { name: "a comparison" })).toBeVisible();

  // A phone: the columns are one row that swipes, one column at a time, and the keyboard reaches each.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/compare/${id}`);
  const row = page.getByRole("list", { name: "Models compared" });
  expect(await row.evaluate((el) => getComputedStyle(el).scrollSnapType)).toBe("x mandatory");
  await expect(columns.nth(0)).toBeInViewport({ ratio: 0.9 });
  await expect(columns.nth(3)).not.toBeInViewport({ ratio: 0.5 });
  await columns.nth(3).focus();
  await expect(columns.nth(3)).toBeInViewport({ ratio: 0.9 });
  for (const scheme of ["light", "dark"] as const) {
    await useScheme(page, scheme);
    await expectNoSeriousA11yViolations(page, `comparison on a phone (${scheme})`);
  }
});

test("refuses a comparison of one model with the reason, and sends nothing", async ({ page }) => {
  await page.goto("/compare");
  const form = page.getByRole("form", { name: "New comparison" });
  await form.getByRole("textbox", { name: "Prompt" }).fill("one model is not a comparison");
  await form.getByRole("checkbox", { name: /^Delta Image 2 · image/ }).check();
  await form.getByRole("button", { name: /^Compare/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Choose at least 2 models to compare." })).toBeVisible();
  await expect(page).toHaveURL(/\/compare$/);
});
