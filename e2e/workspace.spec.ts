import { readFile } from "node:fs/promises";
import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";

// Emulator results (pending, processing, archive) take a few seconds after the 5-second poll.
const RESULT_TIMEOUT = 60_000;

test("from the home page, a result is three actions away: type, Ctrl+Enter, download", async ({ page }) => {
  const prompt = `A red kite over a winter field ${Date.now()}`;
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Every user action goes through `act`, so the journey's length is counted, not assumed.
  let actions = 0;
  const act = async <T>(step: () => Promise<T>): Promise<T> => {
    actions += 1;
    return step();
  };

  await act(() => page.getByRole("textbox", { name: "Prompt" }).fill(prompt));
  await act(() => page.getByRole("textbox", { name: "Prompt" }).press("ControlOrMeta+Enter"));

  // The workspace follows the new submission: its card is in view and gets a Download button once archived.
  const generate = new GeneratePage(page);
  await expect(generate.heading).toBeVisible();
  const card = generate.card(prompt).first();
  await expect(card).toBeInViewport();
  const download = card.getByRole("link", { name: "Download" });
  await expect(download).toBeVisible({ timeout: RESULT_TIMEOUT });

  const [file] = await Promise.all([page.waitForEvent("download"), act(() => download.click())]);
  const path = await file.path();
  expect((await readFile(path)).byteLength).toBeGreaterThan(0);
  expect(file.suggestedFilename()).toMatch(/\.(png|jpe?g)$/);
  expect(actions).toBe(3);
});

test("the workspace opens on a cheap image model with the prompt focused; Ctrl+Enter queues with a toast", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  // The default is an image model that needs no input image (the radio's description starts with its kind).
  const checked = page.getByRole("radiogroup", { name: "Model" }).getByRole("radio", { checked: true });
  await expect(checked).toHaveAccessibleDescription(/^Image/);
  await expect(generate.prompt).toBeFocused();
  // Delta Image 2's schema keeps callback_url, but the form does not offer it: the service sends no events.
  await generate.choose("Delta Image 2");
  await expect(page.getByRole("textbox", { name: /callback/i })).toHaveCount(0);

  const prompt = `Two paper boats on a pond ${Date.now()}`;
  await generate.prompt.fill(prompt);
  await page.getByRole("spinbutton", { name: /^Images/ }).fill("2");
  // Ctrl+Enter from outside the form itself (the model picker) submits too.
  await page.getByRole("radio", { name: "Delta Image 2", exact: true }).press("ControlOrMeta+Enter");
  await expect(page.getByRole("status").filter({ hasText: /^Queued|^Sent/ })).toBeVisible();
  const card = generate.card(prompt).first();
  await expect(card).toBeInViewport();
  await expect(card.getByRole("link", { name: "Download" })).toBeVisible({ timeout: RESULT_TIMEOUT });
  // Both outputs are reachable: the card counts them.
  await expect(card.getByText("×2")).toBeVisible();
  await expect(card.getByRole("button", { name: "Copy prompt" })).toBeVisible();
  await expect(card.getByRole("link", { name: "Use these settings" })).toHaveAttribute("href", /\/generate\?remix=task_/);
  await expect(card.getByRole("link", { name: "Use as input" })).toHaveAttribute("href", /\/generate\?use=reference&task=task_/);

  // What the same request cost shows before the next submit (the API's own figure, not a computed price).
  await page.reload();
  await expect(generate.heading).toBeVisible();
  await generate.choose("Delta Image 2");
  await page.getByRole("spinbutton", { name: /^Images/ }).fill("2");
  await expect(page.getByTestId("cost-note")).toContainText(/\d+ credits? last time with these settings/);
});
