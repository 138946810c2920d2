import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";

// The workspace's slider and mode tabs are plain HTML now (Radix's cost the page its weight): they must keep
// their names, keyboard and the number box that mirrors the slider.

test("a duration slider moves by keyboard, in step with its number box and spoken with its unit", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Beta 2.0", "Text");
  const slider = page.getByRole("slider", { name: "Duration" });
  const box = page.getByRole("spinbutton", { name: "Duration" });
  await expect(slider).toHaveValue("5");
  await expect(box).toHaveValue("5");
  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(box).toHaveValue("6");
  await expect(slider).toHaveAttribute("aria-valuetext", "6 s");
  await page.keyboard.press("End");
  await expect(box).toHaveValue("15");
  await page.keyboard.press("Home");
  await expect(box).toHaveValue("4");
  await box.fill("9");
  await expect(slider).toHaveValue("9");
});

test("the mode tabs follow the arrow keys, with one tab in the Tab order and its panel named by it", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Epsilon v6", "Text");
  const tabs = page.getByRole("tablist", { name: "Mode" }).getByRole("tab");
  await expect(tabs).toHaveText(["Text", "Image", "Transition", "Reference", "Extend"]);
  await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await page.getByRole("tab", { name: "Text", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  const image = page.getByRole("tab", { name: "Image", exact: true });
  await expect(image).toHaveAttribute("aria-selected", "true");
  await expect(image).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Image" })).toContainText("Animate one or two images.");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Extend", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(page.getByRole("tab", { name: "Text", exact: true })).toHaveAttribute("aria-selected", "true");
});

test("choices and the model list are radio groups: arrow keys move and choose, one Tab stop each", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Delta Image 2");
  const quality = page.getByRole("radiogroup", { name: "Quality", exact: true });
  const first = quality.getByRole("radio").first();
  await first.click();
  await expect(first).toBeChecked();
  await page.keyboard.press("ArrowRight");
  const second = quality.getByRole("radio").nth(1);
  await expect(second).toBeChecked();
  await expect(second).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).not.toHaveAttribute("name", (await second.getAttribute("name"))!);

  const delta = page.getByRole("radio", { name: "Delta Image 2", exact: true });
  await delta.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "Gamma 5 Pro", exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Gamma 5 Pro", exact: true })).toBeFocused();
});

test("an on/off field is a native switch: Space, Enter and its label turn it, and it says which way it is", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Beta 2.0", "Text");
  const audio = page.getByRole("switch", { name: "Audio" });
  const before = await audio.getAttribute("aria-checked");
  const other = before === "true" ? "false" : "true";
  await audio.focus();
  await page.keyboard.press("Space");
  await expect(audio).toHaveAttribute("aria-checked", other);
  await page.keyboard.press("Enter");
  await expect(audio).toHaveAttribute("aria-checked", before!);
  await page.locator("label", { hasText: /^Audio$/ }).click();
  await expect(audio).toHaveAttribute("aria-checked", other);
});
