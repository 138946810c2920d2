import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";

// An API that requires epsilon-v6's aspect_ratio in text and reference modes (emulator profile
// aspectRatioRequired) refuses a request that leaves it to the API with a 422 naming `aspect_ratio`:
// Darkroom says so on the card, the form then asks for an aspect ratio (no "API default"), and Settings
// shows it with a reset.
const PROFILE = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? "4110"}/__emulator/profile`;

test("an aspect ratio the API requires is asked for until an admin resets it", async ({ page }) => {
  expect((await page.request.put(PROFILE, { data: { aspectRatioRequired: true } })).ok()).toBe(true);
  try {
    const generate = new GeneratePage(page);
    const aspect = page.getByRole("combobox", { name: /^Aspect ratio/ });
    await generate.goto();
    await generate.choose("Epsilon v6", "Text");
    await expect(aspect).toHaveValue("");
    await expect(aspect.getByRole("option", { name: "API default" })).toHaveCount(1);

    const prompt = "required: a lighthouse, shape left to the API";
    await generate.prompt.fill(prompt);
    const card = await generate.submit(prompt);
    await expect(card.getByText(/requires aspect_ratio in epsilon-v6's text and reference modes: the form now asks for one/)).toBeVisible({
      timeout: 30_000,
    });

    await generate.goto();
    await generate.choose("Epsilon v6", "Reference");
    await expect(aspect.getByRole("option", { name: "API default" })).toHaveCount(0);
    await generate.choose("Epsilon v6", "Text");
    await expect(aspect.getByRole("option", { name: "API default" })).toHaveCount(0);
    const second = "required: a lighthouse in portrait";
    await generate.prompt.fill(second);
    await generate.submitButton.click();
    await expect(page.getByText("This API requires an aspect ratio: choose one")).toBeVisible();
    await aspect.selectOption("9:16");
    const accepted = await generate.submit(second);
    await expect(accepted.getByText(/requires aspect_ratio/)).toHaveCount(0);

    await page.goto("/settings");
    await expect(page.getByTestId("learned-aspect-ratio")).toHaveText("Epsilon aspect ratio: required in text and reference modes");
    await page.getByRole("button", { name: "Reset refused values" }).click();
    await expect(page.getByTestId("learned-aspect-ratio")).toHaveText(/not known to be required/);

    await generate.goto();
    await generate.choose("Epsilon v6", "Text");
    await expect(aspect.getByRole("option", { name: "API default" })).toHaveCount(1);
  } finally {
    await page.request.put(PROFILE, { data: { aspectRatioRequired: false } });
  }
});
