import { test, expect } from "./support/fixtures";
import { GeneratePage, IMAGE } from "./support/generate";

// Every model and every epsilon-v6 mode, filled in as a person would, each followed to "succeeded"
// with its credits. All go into one tab so their waits overlap: the server's queue keeps the account
// within its 3 live videos and 5 live images. The extension needs a finished epsilon video, so that
// video goes first and the extension last.

test("every model and epsilon-v6 mode generates a task that succeeds with its credits", async ({ page }) => {
  test.setTimeout(150_000);
  const generate = new GeneratePage(page);
  await generate.goto();
  const prompts: string[] = [];
  const fillPrompt = async (text: string) => {
    await generate.prompt.fill(text);
    prompts.push(text);
  };

  await generate.choose("Epsilon v6", "Text");
  await fillPrompt("epsilon text: a paper boat on a rain-soaked street");
  await page.getByRole("spinbutton", { name: "Duration" }).fill("3");
  await generate.option("Quality", "540p").click();
  await page.getByRole("combobox", { name: "Aspect ratio" }).selectOption("9:16");
  const epsilonText = await generate.submit(prompts.at(-1)!);

  await generate.choose("Gamma 5 Pro");
  await fillPrompt("gamma: a lighthouse at dusk, long exposure");
  await page.getByRole("button", { name: "Add URL" }).click();
  await generate.field("Reference images 1").fill(IMAGE.dusk);
  await generate.option("Quality", "High").click();
  await generate.option("Format", "JPEG").click();
  await generate.submit(prompts.at(-1)!);

  await generate.choose("Delta Image 2");
  await fillPrompt("delta: two studies of a teapot in morning light");
  await page.getByRole("spinbutton", { name: "Images" }).fill("2");
  await generate.option("Quality", "High").click();
  await generate.submit(prompts.at(-1)!);

  await generate.choose("Alpha 2.3");
  await fillPrompt("alpha: waves folding over black sand");
  await generate.option("Duration", "6 s").click();
  await generate.option("Resolution", "1080p").click();
  await generate.submit(prompts.at(-1)!);

  await generate.choose("Alpha 2.3 Fast");
  await fillPrompt("alpha fast: the cat blinks and looks up");
  await generate.field("First frame").fill(IMAGE.cat);
  await generate.submit(prompts.at(-1)!);

  await generate.choose("Beta 2.0", "Image");
  await fillPrompt("beta image: the garden sways in the wind");
  await generate.field("First frame").fill(IMAGE.garden);
  await page.getByRole("spinbutton", { name: "Duration" }).fill("4");
  await page.getByRole("switch", { name: "Audio" }).click();
  await generate.submit(prompts.at(-1)!);

  await generate.choose("Epsilon v6", "Image");
  await fillPrompt("epsilon image: the cat turns towards the light");
  await generate.field("Images 1").fill(IMAGE.cat);
  await generate.submit(prompts.at(-1)!);

  await generate.choose("Epsilon v6", "Transition");
  await fillPrompt("epsilon transition: dusk becomes a garden");
  await generate.field("First frame").fill(IMAGE.dusk);
  await generate.field("Last frame").fill(IMAGE.garden);
  await generate.submit(prompts.at(-1)!);

  await generate.choose("Epsilon v6", "Reference");
  await generate.addReference(1, { url: IMAGE.cat, role: "Subject", name: "cat" });
  await generate.addReference(2, { url: IMAGE.garden, role: "Background", name: "garden" });
  await fillPrompt("epsilon reference: @cat naps in the @garden");
  await generate.submit(prompts.at(-1)!);

  // Extend the first video once it is done, from its card, as a person would.
  await generate.expectSucceeded(epsilonText);
  const parent = await generate.taskId(epsilonText);
  await epsilonText.getByRole("link", { name: "Extend" }).click();
  await expect(page).toHaveURL(`/generate?extend=${parent}`);
  await expect(page.getByRole("tab", { name: "Extend", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(generate.field("Earlier task")).toHaveValue(parent);
  await fillPrompt("epsilon extend: the boat drifts out of frame");
  await generate.submit(prompts.at(-1)!);

  // The cards survived the navigation (they are kept for the tab); every task ends with its credits.
  for (const prompt of prompts) await generate.expectSucceeded(generate.card(prompt));
  const gamma = generate.card(prompts[1]!);
  // gamma-5-pro costs 35 credits per image, × 1.25 on the emulator's free plan: the figure comes from the API.
  await expect(gamma.getByText("44 credits used")).toBeVisible();
});
