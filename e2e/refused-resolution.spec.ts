import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";

// An API that takes 720p refuses alpha's 768p with a 422 naming `resolution` (emulator profile alphaResolution
// "720p"): Darkroom says so on the card, stops offering 768p, and Settings shows it with a reset.
const PROFILE = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? "4110"}/__emulator/profile`;

test("a resolution the API refuses is no longer offered until an admin resets it", async ({ page }) => {
  expect((await page.request.put(PROFILE, { data: { alphaResolution: "720p" } })).ok()).toBe(true);
  try {
    const generate = new GeneratePage(page);
    await generate.goto();
    await generate.choose("Alpha 2.3");
    await expect(generate.option("Resolution", "768p")).toBeVisible();

    const prompt = "refused: a harbour at 768p";
    await generate.prompt.fill(prompt);
    await generate.option("Duration", "6 s").click();
    await generate.option("Resolution", "768p").click();
    const card = await generate.submit(prompt);
    await expect(card.getByText(/does not take resolution 768p: the form no longer offers it/)).toBeVisible({ timeout: 30_000 });

    await generate.goto();
    await generate.choose("Alpha 2.3");
    await expect(generate.option("Resolution", "720p")).toBeVisible();
    await expect(generate.option("Resolution", "768p")).toHaveCount(0);

    await page.goto("/settings");
    await expect(page.getByTestId("refused-alpha-resolutions")).toHaveText("Alpha resolution refused: 768p");
    await page.getByRole("button", { name: "Reset refused values" }).click();
    await expect(page.getByTestId("refused-alpha-resolutions")).toHaveText(/Nothing refused so far/);

    await generate.goto();
    await generate.choose("Alpha 2.3");
    await expect(generate.option("Resolution", "768p")).toBeVisible();
  } finally {
    await page.request.put(PROFILE, { data: { alphaResolution: "768p" } });
  }
});
