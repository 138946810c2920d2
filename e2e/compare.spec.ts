import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { navLink } from "./support/auth";
import { GeneratePage } from "./support/generate";

// Issue 30, part 1: from the workspace, one prompt to image and video columns; live columns with what the API
// charged each; a favourite that stays picked; the columns as a swipeable row on a phone. Issue 45: Compare is in
// the navigation, each model is offered once, each column's settings are set in the form and shown on the
// comparison's page, and the list pages past its newest 50.

// Video results render for real in the emulator: give them room on a busy machine (a hang detector, not a target).
const RESULT_TIMEOUT = 120_000;

test("compares the workspace's model with its settings beside models set per column, live, with their charges and a favourite", async ({
  page,
}) => {
  const prompt = `a lighthouse compared ${Date.now()}`;
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  await generate.prompt.fill(prompt);
  await generate.option("Quality", "High").click();
  await page.getByRole("button", { name: "Compare with other models" }).click();

  const form = page.getByRole("form", { name: "New comparison" });
  await expect(form.getByRole("textbox", { name: "Prompt" })).toHaveValue(prompt);
  // Each model once: the workspace's settings are Gamma 5 Pro's, not a second Gamma 5 Pro beside it.
  await expect(form.getByRole("checkbox", { name: /^Gamma 5 Pro/ })).toHaveCount(1);
  await expect(form.getByRole("checkbox", { name: /^Gamma 5 Pro · image/ })).toBeChecked();
  await expect(form.locator("summary", { hasText: "Settings of Gamma 5 Pro" })).toContainText("Quality High");
  await form.getByRole("checkbox", { name: /^Delta Image 2 · image/ }).check();
  await form.getByRole("checkbox", { name: /^Epsilon v6 · video/ }).check();
  // Another column's settings, set in its own editor (the Generate form's controls).
  const epsilon = form.getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: /^Epsilon v6/ }) });
  await epsilon.locator("summary", { hasText: "Settings of Epsilon v6" }).click();
  await generate.option("Quality", "360p", epsilon).click();
  await expect(epsilon.locator("summary", { hasText: "Settings of Epsilon v6" })).toContainText("Quality 360p");
  await form.getByRole("button", { name: "Compare 3 models" }).click();

  await expect(page).toHaveURL(/\/compare\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1)!;
  const columns = page
    .getByRole("list", { name: "Models compared" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });
  await expect(columns).toHaveCount(3);
  // The workspace's column first, then the catalogue's order; each says the settings it ran with.
  await expect(columns.getByRole("heading")).toHaveText(["Gamma 5 Pro", "Epsilon v6", "Delta Image 2"]);
  await expect(page.getByRole("list", { name: "Settings of Gamma 5 Pro" })).toContainText("Quality High");
  await expect(page.getByRole("list", { name: "Settings of Epsilon v6" })).toContainText("Quality 360p");
  await expect(page.getByRole("list", { name: "Settings of Delta Image 2" })).toContainText("Quality API default");
  // Live: each column reaches its result on the open page, with no reload.
  for (let i = 0; i < 3; i += 1)
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

  const pick = columns.nth(2).getByRole("button", { name: "Favourite: Delta Image 2" });
  await pick.click();
  await expect(pick).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(columns.nth(2).getByRole("button", { name: "Favourite: Delta Image 2" })).toHaveAttribute("aria-pressed", "true");

  // Listed, reached from the navigation, and the gallery filters by it.
  await navLink(page, "Compare").click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare" })).toBeVisible();
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
  await expect(columns.nth(2)).not.toBeInViewport({ ratio: 0.5 });
  await columns.nth(2).focus();
  await expect(columns.nth(2)).toBeInViewport({ ratio: 0.9 });
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

test("a column's setting or the prompt its model refuses is shown where it is set, and nothing is sent", async ({ page }) => {
  const generate = new GeneratePage(page);
  await page.goto("/compare");
  const form = page.getByRole("form", { name: "New comparison" });
  const prompt = form.getByRole("textbox", { name: "Prompt" });
  await prompt.fill("ab");
  await form.getByRole("checkbox", { name: /^Gamma 5 Pro · image/ }).check();
  await form.getByRole("checkbox", { name: /^Delta Image 2 · image/ }).check();
  const delta = form.getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: /^Delta Image 2/ }) });
  await delta.locator("summary", { hasText: "Settings of Delta Image 2" }).click();
  await generate.option("Quality", "High", delta).click();
  await delta.getByRole("spinbutton", { name: "Images" }).fill("9");
  await form.getByRole("button", { name: "Compare 2 models" }).click();

  // Gamma 5 Pro takes 3 characters at least: said under the prompt, which takes the cursor.
  await expect(prompt).toHaveAccessibleDescription(/Use at least 3 characters/);
  await expect(prompt).toBeFocused();
  await prompt.fill("a lighthouse refused");
  await form.getByRole("button", { name: "Compare 2 models" }).click();
  // Delta's count is out of its schema's range: said on the control, in its opened editor, which takes the cursor.
  const images = delta.getByRole("spinbutton", { name: "Images" });
  await expect(images).toHaveAccessibleDescription(/Must be a whole number from 1 to 4/);
  await expect(images).toBeFocused();
  await expect(page).toHaveURL(/\/compare$/);
  await expectNoSeriousA11yViolations(page, "the Compare form with a column's settings open and refused");
  const list = (await (await page.request.get("/api/comparisons?limit=100")).json()) as { comparisons: { prompt: string }[] };
  expect(list.comparisons.map((comparison) => comparison.prompt)).not.toContain("a lighthouse refused");
});

test("the list pages past its newest 50 with an Older link, and back to the newest", async ({ page }) => {
  const tag = `paged ${Date.now().toString(36)}`;
  const prompts = Array.from({ length: 51 }, (_, i) => `${tag} comparison ${i}`);
  // Held in a paused queue and cancelled: 102 columns stored as comparisons, none sent or charged.
  expect((await page.request.put("/api/queue/state", { data: { paused: true } })).ok()).toBe(true);
  const submissions: string[] = [];
  try {
    for (const prompt of prompts) {
      const made = await page.request.post("/api/comparisons", {
        data: { comparisonId: crypto.randomUUID(), prompt, columns: [{ model: "gamma-5-pro" }, { model: "delta-image-2" }] },
      });
      expect(made.status(), await made.text()).toBe(201);
      const body = (await made.json()) as { comparison: { columns: { submission: { id: string } }[] } };
      submissions.push(...body.comparison.columns.map((column) => column.submission.id));
    }
  } finally {
    for (const id of submissions) await page.request.delete(`/api/queue/${id}`);
    expect((await page.request.put("/api/queue/state", { data: { paused: false } })).ok()).toBe(true);
  }

  await page.goto("/compare");
  const ours = page.getByRole("link", { name: new RegExp(tag) });
  await expect(ours).toHaveCount(50);
  const pages = page.getByRole("navigation", { name: "Pages of comparisons" });
  await pages.getByRole("link", { name: "Older comparisons" }).click();
  await expect(page).toHaveURL(/\/compare\?cursor=/);
  // The one left over is the first made, and nothing of the first page shows again.
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText(prompts[0]!);
  await pages.getByRole("link", { name: "Newest comparisons" }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(ours).toHaveCount(50);
});
