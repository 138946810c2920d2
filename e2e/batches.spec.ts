import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { expectNoHorizontalScroll, expectNoTextOverflow } from "./support/forms";

// Issue 48, "Done when" in Chromium: a 50-row CSV with two template variables and a reference-image column (three
// PNGs uploaded with it, matched by file name) becomes 50 tasks; the batch is paused (its unsent rows show as
// paused) and resumed; the ZIP holds 50 files named by key; the results CSV lists every row with its credits.
// Then a prompt with variations makes two rows, one of them `[[fail]]` (the emulator fails it), and "Retry
// failed rows" makes a new batch of that one row.

const tag = `b${Date.now().toString(36)}`;
const COLOURS = ["red", "green", "blue"] as const;
const ROWS = 50;
const keyOf = (row: number) => `${tag}-${String(row).padStart(3, "0")}`;

function csv(): string {
  const lines = ["sku,product,background,image"];
  for (let row = 1; row <= ROWS; row += 1) {
    const colour = COLOURS[row % COLOURS.length]!;
    lines.push(`${keyOf(row)},"a ${colour} sneaker, size ${row}",${row % 2 ? "marble" : "oak"},${colour}.png`);
  }
  return `${lines.join("\n")}\n`;
}

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

const BATCH_PAGE = /\/batches\/(?!new$)[^/]+$/;
const count = (page: Page, status: string) => page.getByTestId(`count-${status}`);

test("a 50-row CSV becomes 50 tasks, pauses and resumes, and is collected by key; a failed row is retried", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto("/batches");
  await expect(page.getByRole("heading", { level: 1, name: "Batches" })).toBeVisible();
  await page.getByRole("link", { name: "New batch" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "New batch" })).toBeVisible();

  // The file, read in the browser: its columns and first rows, and the three image names its cells use.
  await page.getByLabel("Batch file").setInputFiles({ name: `${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv()) });
  await expect(page.getByRole("region", { name: /The first 20 rows of the file/ })).toContainText(keyOf(1));
  const names = page.getByRole("list", { name: "Image names in the file" });
  await expect(names.getByRole("listitem")).toHaveText(["Missing: blue.png", "Missing: green.png", "Missing: red.png"]);
  await page
    .getByLabel("Images to upload")
    .setInputFiles(
      await Promise.all(COLOURS.map(async (colour) => ({ name: `${colour}.png`, mimeType: "image/png", buffer: await png(colour) }))),
    );
  await expect(page.getByText("all uploaded.")).toBeVisible();

  // The recipe: the prompt from two columns through the chips, the image column as the reference images, sku as key.
  await page.getByLabel("Model").selectOption("gamma-5-pro");
  const prompt = page.getByRole("textbox", { name: "Prompt (required)", exact: true });
  await prompt.fill("A studio photo of ");
  await page.getByRole("button", { name: "Insert {{product}} into Prompt" }).click();
  await expect(prompt).toBeFocused();
  await page.keyboard.type(" on ");
  await page.getByRole("button", { name: "Insert {{background}} into Prompt" }).click();
  await expect(prompt).toHaveValue("A studio photo of {{product}} on {{background}}");
  await page.getByRole("textbox", { name: /^Reference images/ }).fill("{{image}}");
  await page.getByLabel("Key column").selectOption("sku");
  await page.getByLabel("Batch name").fill(`Sneakers ${tag}`);

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("batch-preview");
  await expect(preview.getByText("Rows", { exact: true }).locator("..")).toContainText("50");
  await expect(preview.getByRole("list", { name: "The first rows as requests" })).toContainText(
    "A studio photo of a red sneaker, size 3 on marble",
  );
  await expect(page.getByTestId("batch-budget")).toContainText("fits 50 of 50 valid rows");

  await page.getByRole("button", { name: "Start batch" }).click();
  await page.waitForURL(BATCH_PAGE);
  const batchId = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect(page.getByRole("heading", { level: 1, name: `Sneakers ${tag}` })).toBeVisible();

  // Pause while most rows wait: they show as paused (in the counts and the rows table), then Resume sends them.
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByTestId("batch-state")).toHaveText("Paused");
  await expect(count(page, "paused")).not.toHaveText("0");
  await page.getByLabel("Filter rows by status").selectOption("paused");
  await expect(page.getByRole("table", { name: "Rows of the batch" }).getByRole("row").nth(1)).toContainText("Paused");
  await page.getByLabel("Filter rows by status").selectOption("");
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(count(page, "paused")).toHaveText("0");
  await expect(count(page, "succeeded")).toHaveText("50", { timeout: 120_000 });
  await expect(page.getByTestId("batch-progress")).toContainText("50 of 50 rows finished");

  // 50 tasks, one per row, each with its key; the row's task page is one click away.
  const rowsTable = page.getByRole("table", { name: "Rows of the batch" });
  await expect(rowsTable.getByRole("row").nth(1)).toContainText(keyOf(1));
  await expect(rowsTable.getByRole("link", { name: `Open the task of ${keyOf(1)}` })).toHaveAttribute("href", /^\/tasks\//);

  // The ZIP: 50 pictures named by key.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "ZIP of results" }).click()]);
  const zip = testInfo.outputPath("batch.zip");
  await download.saveAs(zip);
  const entries = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
  const pictures = entries.filter((name) => /\.(png|jpe?g|webp)$/.test(name));
  expect(pictures).toHaveLength(ROWS);
  for (let row = 1; row <= ROWS; row += 1) expect(pictures.some((name) => name.includes(keyOf(row)))).toBe(true);

  // The results CSV: every row, with its task and credits.
  const results = await page.request.get(`/api/batches/${batchId}/results?format=csv`);
  expect(results.ok(), await results.text()).toBe(true);
  const records = parse(await results.text(), { columns: true, bom: true }) as Record<string, string>[];
  writeFileSync(testInfo.outputPath("results.csv"), await results.text());
  expect(records).toHaveLength(ROWS);
  expect(Object.keys(records[0]!)).toEqual(expect.arrayContaining(["key", "task_id", "status", "credits_used"]));
  for (let row = 1; row <= ROWS; row += 1) {
    const record = records.find((each) => each.key === keyOf(row));
    expect(record, keyOf(row)).toMatchObject({ status: "succeeded", task_id: expect.stringMatching(/\S/) });
    expect(Number(record!.credits_used), keyOf(row)).toBeGreaterThan(0);
  }

  // Variations: two prompts, one the emulator fails; its retry is a new batch of that one row.
  await page.goto("/batches/new");
  await page.getByRole("tab", { name: "Variations" }).click();
  await page.getByLabel("Prompt with variations").fill(`${tag} a {quiet harbour, [[fail]] stormy harbour} at dawn`);
  await expect(page.getByText("2 prompts")).toBeVisible();
  await page.getByLabel("Model").selectOption("gamma-5-pro");
  await expect(page.getByRole("textbox", { name: "Prompt (required)", exact: true })).toHaveValue("{{prompt}}");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("batch-budget")).toContainText("of 2 valid rows");
  await page.getByRole("button", { name: "Start batch" }).click();
  await page.waitForURL(BATCH_PAGE);
  const first = page.url();
  await expect(count(page, "failed")).toHaveText("1", { timeout: 60_000 });
  await expect(count(page, "succeeded")).toHaveText("1", { timeout: 60_000 });
  await page.getByLabel("Filter rows by status").selectOption("failed");
  await expect(page.getByRole("table", { name: "Rows of the batch" }).getByRole("row").nth(1)).toContainText("Failed");
  await page.getByRole("button", { name: /Retry failed rows/ }).click();
  await page.waitForURL((url) => url.href !== first && BATCH_PAGE.test(url.pathname));
  await expect(page.getByRole("link", { name: "Retried from an earlier batch" })).toBeVisible();
  await expect(page.getByTestId("batch-progress")).toContainText("of 1 row");

  // At a phone's width the page does not scroll sideways (the rows table scrolls in its own box).
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await expectNoTextOverflow(page);
});
