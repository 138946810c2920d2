import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Locator } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";

// Local images as inputs: one pasted from the clipboard, one dropped from the desktop, one chosen with the
// Upload button; the submission reaches the embedded emulator, which fetches every link (npm start tells
// it to trust the dashboard's loopback address) and says so on its control API.
const EMULATOR = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? "4110"}/__emulator`;
const ACCOUNT = `${EMULATOR}/accounts/sk-emulator-demo`;
const LINK = /^http:\/\/127\.0\.0\.1:\d+\/u\/up_[0-9a-f]{32}\/[A-Za-z0-9_-]{43}\.(png|jpg|webp)$/;

async function imageBase64(format: "png" | "jpeg", color: string): Promise<string> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: color } });
  return (await image[format]().toBuffer()).toString("base64");
}

/** Dispatches what the browser sends for Ctrl+V of a copied image (or a drop of a file), with a real File. */
async function sendFile(target: Locator, kind: "paste" | "drop", file: { name: string; type: string; base64: string }) {
  await target.evaluate(
    (element, { kind, file }) => {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], file.name, { type: file.type }));
      const init = { bubbles: true, cancelable: true };
      if (kind === "paste") element.dispatchEvent(new ClipboardEvent("paste", { ...init, clipboardData: data }));
      else {
        element.dispatchEvent(new DragEvent("dragover", { ...init, dataTransfer: data }));
        element.dispatchEvent(new DragEvent("drop", { ...init, dataTransfer: data }));
      }
    },
    { kind, file },
  );
}

test("paste one image, drop another, upload a third; the emulator fetches every link", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");
  const prompt = `uploads: a lighthouse made of ${Date.now()}`;
  await generate.prompt.fill(prompt);
  const addRow = page.getByRole("button", { name: "Add URL" });
  const row = (n: number) => page.getByRole("textbox", { name: `Reference images ${n}`, exact: true });

  // Paste into the first row while it has focus, once it takes files (its Upload button shows: the uploading code
  // loads when someone starts on the form, and until then the row is a plain URL input).
  await addRow.click();
  await expect(page.getByRole("button", { name: "Upload an image for Reference images 1" })).toBeVisible();
  await row(1).focus();
  await sendFile(row(1), "paste", { name: "pasted.png", type: "image/png", base64: await imageBase64("png", "#c83") });
  await expect(row(1)).toHaveValue(LINK);
  await expect(page.getByRole("img", { name: "Uploaded: pasted.png" })).toBeVisible();

  // Drop onto the second row's zone (its Upload button is part of it).
  await addRow.click();
  const zone2 = page.getByTestId("image-drop").filter({ has: row(2) });
  await sendFile(zone2, "drop", { name: "dropped.jpg", type: "image/jpeg", base64: await imageBase64("jpeg", "#38c") });
  await expect(row(2)).toHaveValue(LINK);
  await expect(page.getByRole("img", { name: "Uploaded: dropped.jpg" })).toBeVisible();

  // A file that is not an image, whatever its name says: the server's reason shows on that row.
  await addRow.click();
  await sendFile(row(3), "drop", { name: "notes.png", type: "image/png", base64: Buffer.from("just text").toString("base64") });
  await expect(page.getByText(/notes\.png.*is not an image Darkroom can read\. Darkroom accepts PNG, JPEG or WebP images\./)).toBeVisible();
  await expect(row(3)).toHaveValue("");
  await expect(row(3)).toHaveAttribute("aria-invalid", "true");
  // Thumbnails, Upload and Remove buttons and the upload error, as assistive technology meets them.
  await expectNoSeriousA11yViolations(page, "Generate with uploaded images");

  // The Upload button: a real file picker, keyboard reachable.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload an image for Reference images 3" }).press("Enter");
  await (
    await chooser
  ).setFiles({ name: "chosen.png", mimeType: "image/png", buffer: Buffer.from(await imageBase64("png", "#3c8"), "base64") });
  await expect(row(3)).toHaveValue(LINK);
  await expect(page.getByText(/notes\.png/)).toHaveCount(0);

  // One remove control a row (issue 45: the upload's own × stood beside the row's): it takes the row away, upload and all.
  await expect(
    page
      .getByRole("listitem")
      .filter({ has: row(3) })
      .getByRole("button", { name: /^Remove/ }),
  ).toHaveCount(1);
  await page.getByRole("button", { name: "Remove reference images 3" }).click();
  await expect(row(3)).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Uploaded: chosen.png" })).toHaveCount(0);

  const links = [await row(1).inputValue(), await row(2).inputValue()];
  const credits = (await (await page.request.get(ACCOUNT)).json()).credits as number;
  const card = await generate.submit(prompt);
  await generate.expectSucceeded(card);

  // The emulator received both links and fetched each (HTTP 200, an image) before accepting the task.
  const { fetches } = (await (await page.request.get(`${EMULATOR}/input-fetches`)).json()) as {
    fetches: { url: string; field: string; status: number; contentType: string; ok: boolean }[];
  };
  for (const [index, url] of links.entries()) {
    expect(fetches).toContainEqual(expect.objectContaining({ url, field: `image_urls.${index}`, status: 200, ok: true }));
  }
  expect(fetches.find((f) => f.url === links[1])?.contentType).toBe("image/jpeg");

  // Money and slots: one charge of 44, recorded on the task, which holds no slot once it has succeeded.
  expect(credits - (await (await page.request.get(ACCOUNT)).json()).credits).toBe(44);
  const id = await generate.taskId(card);
  const task = (await (await page.request.get(`/api/tasks/${id}`)).json()).task as Record<string, unknown>;
  expect(task).toMatchObject({ status: "succeeded", credits: { reserved: 44, used: 44 } });
  const queue = (await (await page.request.get("/api/queue")).json()) as { submissions: unknown[] };
  expect(queue.submissions).toEqual([]);
});

test("a large upload reaches the route whole (proxy.ts, which would cut bodies at 96 KiB, does not run there)", async ({ page }) => {
  const noise = randomBytes(700 * 700 * 3); // incompressible: the PNG stays large
  const png = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
    .png()
    .toBuffer();
  expect(png.length).toBeGreaterThan(300 * 1024);
  const answer = await page.request.post("/api/uploads", { data: png, headers: { "content-type": "image/png", "x-file-name": "big.png" } });
  expect(answer.status()).toBe(201);
  expect(await answer.json()).toMatchObject({ url: expect.stringMatching(LINK), width: 700, height: 700 });
  // The route still refuses a cross-site POST itself, with the proxy's headers.
  const forged = await page.request.post("/api/uploads", {
    data: png,
    headers: { origin: "https://evil.example", "content-type": "image/png" },
  });
  expect(forged.status()).toBe(403);
  expect(forged.headers()["content-security-policy"]).toContain("default-src 'self'");
});
