import { chromium } from "@playwright/test";
import { CHROMIUM } from "@/bench/app-server";
const base = "http://localhost:3210";
const CSV = ["sku,product,background,image", ...Array.from({ length: 30 }, (_, i) => `SKU-${100 + i},a ${["red","green","blue"][i%3]} sneaker with a very long descriptive name number ${i},${i % 2 ? "marble" : "oak"},${["red","green","blue"][i%3]}.png`)].join("\n");
const browser = await chromium.launch(CHROMIUM);
const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
const page = await context.newPage();
await page.goto("/setup");
if (await page.getByLabel("Your name").count()) {
  await page.getByLabel("Your name").fill("Ada Admin");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password").fill("screenshots-password");
  await page.getByRole("button", { name: "Create admin account" }).click();
  await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
}
const state = await context.storageState();
for (const scheme of ["light", "dark"] as const) for (const width of [390, 1280]) {
  const c = await browser.newContext({ baseURL: base, storageState: state, colorScheme: scheme, viewport: { width, height: 900 } });
  const p = await c.newPage();
  p.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  await p.goto("/batches");
  await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/shots/list-${width}-${scheme}.png`, fullPage: true });
  await p.goto("/batches/new");
  await p.getByLabel("Or paste the file's text").fill(CSV);
  await p.getByLabel("Model").selectOption("gamma-5-pro");
  await p.getByRole("textbox", { name: /^Prompt/ }).fill("A studio photo of {{product}} on {{background}}");
  await p.waitForTimeout(500);
  const sw = await p.evaluate(() => document.scrollingElement!.scrollWidth);
  console.log(width, scheme, "scrollWidth", sw);
  await p.screenshot({ path: `/tmp/shots/new-${width}-${scheme}.png`, fullPage: true });
  await c.close();
}
await browser.close();
