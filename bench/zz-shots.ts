// Temporary: screenshots of Settings (export token with expiry) and a queue reason, light/dark, phone/laptop.
import { spawn } from "node:child_process";
import { chromium } from "@playwright/test";
import { CHROMIUM } from "@/bench/app-server";
const port = 3400;
const base = `http://localhost:${port}`;
const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/launcher/start.ts"], {
  env: { ...process.env, PORT: String(port), EMULATOR_PORT: "4400", DATA_DIR: "/tmp/shots/data", GENERATION_API_BASE_URL: "", GENERATION_API_KEY: "" },
  stdio: "ignore",
});
for (let i = 0; i < 120; i += 1) {
  try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {}
  await new Promise((r) => setTimeout(r, 1000));
}
const browser = await chromium.launch(CHROMIUM);
const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
const page = await context.newPage();
const setup = await page.request.post("/api/setup", { data: { name: "Ada Admin", email: "ada@example.com", password: "shots-password-1" } });
console.log("setup", setup.status());
console.log("token", (await page.request.post("/api/settings/export-tokens", { data: {} })).status());
for (const [name, width, height] of [["phone", 390, 844], ["laptop", 1280, 900]] as const) {
  for (const scheme of ["light", "dark"] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/settings");
    await page.getByText("Renew for 90 days").first().waitFor();
    await page.getByText("Renew for 90 days").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/settings-${name}-${scheme}.png` });
  }
}
await browser.close();
child.kill("SIGTERM");
process.exit(0);
