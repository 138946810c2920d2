import sharp from "sharp";
import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";
import { createTask, waitArchived } from "./support/tasks";

// History tells the whole story (issue 45): a task's lineage shows the images uploaded as its inputs, with their
// thumbnails, beside the tasks it came from; its hints offer only what its model allows; its page puts it on a
// board; Use as input names the task it came from as a person would, and the workspace never shows two models
// chosen on the way; an uploaded reference row has one remove control; thumbnails show square results whole.

let image = "";
let made = "";
const stamp = Date.now();

async function squarePng(color: string): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.beforeAll(async ({ request }) => {
  image = await createTask(request, `history: a lighthouse at dawn ${stamp}`);
  await waitArchived(request, image);
  const upload = await request.post("/api/uploads", {
    data: await squarePng("#c83"),
    headers: { "content-type": "image/png", "x-file-name": "sketch.png" },
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  // Made from an upload and from an earlier result, as the form sends them.
  made = await createTask(request, `history: the lighthouse from a sketch ${stamp}`, "gamma-5-pro", {
    image_urls: [url, `/api/media/${image}/0`],
  });
  await waitArchived(request, made);
});

test("a task's lineage shows the upload it was made from, with its thumbnail, beside the task it came from", async ({ page }) => {
  await page.goto(`/tasks/${made}`);
  const lineage = page.getByRole("region", { name: "Lineage" });
  const madeFrom = lineage.getByRole("list", { name: "What this task was made from" });
  await expect(madeFrom.getByRole("listitem")).toHaveCount(2);
  await expect(madeFrom.getByRole("link", { name: `“history: a lighthouse at dawn ${stamp}” (Gamma 5 Pro)` })).toHaveAttribute(
    "href",
    `/tasks/${image}`,
  );
  const upload = madeFrom.getByRole("img", { name: "The image uploaded as Reference images 1" });
  await expect(upload).toBeVisible();
  // The thumbnail loaded (Darkroom's own copy, behind the session), and it is square like the upload.
  await expect.poll(() => upload.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await upload.evaluate((img: HTMLImageElement) => img.naturalWidth === img.naturalHeight)).toBe(true);
  await expect(lineage).not.toContainText("Nothing: a new generation");
  // An image task cannot be extended: its hint says what can be made of it.
  await expect(lineage).toContainText("Nothing yet: use a result as an input, or animate it.");
  await expect(lineage).not.toContainText(/extend/i);

  // The source task's page lists this one as made from it.
  await page.goto(`/tasks/${image}`);
  await expect(
    page.getByRole("list", { name: "Tasks made from this one" }).getByRole("link", { name: /history: the lighthouse from a sketch/ }),
  ).toBeVisible();
});

test("a task's page puts it on a board", async ({ page }) => {
  await page.goto(`/tasks/${made}`);
  await page.getByRole("button", { name: "Add to board" }).click();
  const name = `History board ${stamp}`;
  await page.getByLabel("New board").fill(name);
  await page.getByRole("button", { name: "Create with this task" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 task added to" })).toContainText(name);
});

/** Records, from now on, every animation frame's checked model cards on the Generate page (a client navigation keeps it). */
async function recordCheckedModels(page: Page): Promise<() => Promise<string[][]>> {
  await page.evaluate(() => {
    const seen: string[][] = [];
    (window as unknown as { checkedModels: string[][] }).checkedModels = seen;
    const tick = () => {
      const group = document.querySelector('[role="radiogroup"][aria-labelledby]');
      if (group?.querySelector('input[type="radio"][value="gamma-5-pro"]')) {
        seen.push([...group.querySelectorAll<HTMLInputElement>("input:checked")].map((input) => input.value));
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () => page.evaluate(() => (window as unknown as { checkedModels: string[][] }).checkedModels);
}

test("Use as input names the task as a person would, and only the model it lands on is ever chosen", async ({ page }) => {
  // The last model picked in this tab was another one: the workspace would start from it.
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Alpha 2.3");
  await page.goto(`/tasks/${image}`);
  const checked = await recordCheckedModels(page);
  await page.getByRole("link", { name: "Use as input", exact: true }).first().click();
  const notice = page.getByRole("status").filter({ hasText: /^Using / });
  await expect(notice).toHaveText(`Using “history: a lighthouse at dawn ${stamp}” (Gamma 5 Pro) as a reference image in Gamma 5 Pro.`);
  await expect(notice.getByRole("link", { name: `“history: a lighthouse at dawn ${stamp}” (Gamma 5 Pro)` })).toHaveAttribute(
    "href",
    `/tasks/${image}`,
  );
  await expect(page.getByRole("radio", { name: "Gamma 5 Pro", exact: true })).toBeChecked();
  const frames = await checked();
  expect(frames.length).toBeGreaterThan(0);
  // Never Alpha 2.3 (the last pick) on the way, and never two at once.
  expect(frames.filter((models) => models.length > 1 || (models.length === 1 && models[0] !== "gamma-5-pro"))).toEqual([]);
});

test("an uploaded reference row has one remove control", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  const row = page.getByRole("listitem").filter({ has: page.getByRole("textbox", { name: "Reference images 1", exact: true }) });
  await expect(page.getByRole("button", { name: "Upload an image for Reference images 1" })).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload an image for Reference images 1" }).click();
  await (await chooser).setFiles({ name: "square.png", mimeType: "image/png", buffer: await squarePng("#38c") });
  await expect(row.getByRole("img", { name: "Uploaded: square.png" })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Remove/ })).toHaveCount(1);
  await row.getByRole("button", { name: "Remove reference images 1" }).click();
  await expect(page.getByRole("img", { name: "Uploaded: square.png" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Reference images 1", exact: true })).toHaveValue("");
});

test("a square result's thumbnail shows it whole, in the gallery and the workspace", async ({ page }) => {
  await page.goto("/tasks");
  const card = page.getByRole("listitem").filter({ hasText: `history: a lighthouse at dawn ${stamp}` });
  const thumbnail = card.locator("img").first();
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
  await new GeneratePage(page).goto();
  const recent = page.getByRole("region", { name: "Your recent results" }).getByRole("img").first();
  await expect(recent).toBeVisible();
  expect(await recent.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
});
