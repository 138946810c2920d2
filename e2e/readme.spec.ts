import { readFileSync } from "node:fs";
import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";
import { TasksPage } from "./support/tasks";

// Issue 27: a new user follows only README's first screen. This walks its "Your first image" with the words it
// uses (the labels in bold), so a renamed button or a rewritten step fails here rather than for that user. The
// first account (step 2) is what the first-run project makes, through the same Setup page.
const readme = readFileSync("README.md", "utf8");
const section = readme.slice(readme.indexOf("## Your first image"), readme.indexOf("\n## ", readme.indexOf("## Your first image") + 1));
const steps = section.split(/\n(?=\d\. )/).filter((step) => /^\d\. /.test(step));
const bold = (step: string | undefined) => [...(step ?? "").matchAll(/\*\*(.+?)\*\*/g)].map((match) => match[1] ?? "");

// Emulator results (pending, processing, archive) take a few seconds after the 5-second poll.
const RESULT_TIMEOUT = 60_000;

test("README's quick start is the launcher these tests run", () => {
  expect(readme).toContain("```sh\nnpm ci && npm start\n```");
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
  expect(scripts.start).toContain("lib/launcher/start.ts");
  expect(steps).toHaveLength(5);
  expect(bold(steps[1])).toEqual(expect.arrayContaining(["Set up Darkroom", "Create admin account"]));
});

test("README's first image: a prompt on the Overview, Generate, a card that succeeds, Download", async ({ page }) => {
  const [, field = "", button = ""] = bold(steps[2]);
  const example = /say "([^"]+)"/.exec(steps[2] ?? "")?.[1];
  expect(example, "step 3 gives an example prompt").toBeTruthy();
  const prompt = `${example} ${Date.now()}`;

  await page.goto("/");
  await page.getByRole("textbox", { name: field, exact: true }).fill(prompt);
  await page.getByRole("button", { name: button, exact: true }).click();

  // Step 4: the Generate page, the task's card at the top, through to the last status the step names.
  const generate = new GeneratePage(page);
  await expect(generate.heading).toBeVisible();
  const card = generate.card(prompt).first();
  await expect(card).toBeInViewport();
  const statuses = /card at the top: (.+?)\./s.exec(steps[3] ?? "")?.[1] ?? "";
  const last =
    statuses
      .split(/,| and /)
      .pop()
      ?.trim() ?? "";
  expect(last).toBe("Succeeded");
  await expect(card.getByText(last, { exact: true })).toBeVisible({ timeout: RESULT_TIMEOUT });

  // Step 5: Download on the card gives the file, and the task is in the gallery the step names.
  const [, download = "", gallery = ""] = bold(steps[4]);
  const link = card.getByRole("link", { name: download, exact: true });
  await expect(link).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(file.suggestedFilename()).toMatch(/lighthouse.*\.(png|jpe?g)$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: gallery, exact: true }).click();
  // The gallery's own card locator: with many tasks its grid is a windowed list of items, not articles.
  await expect(new TasksPage(page).card(prompt).first()).toBeVisible();
});
