import { expectNoSeriousA11yViolations } from "./support/a11y";
import { ADMIN, SIGNED_OUT } from "./support/accounts";
import { overviewHeading } from "./support/auth";
import { test, expect } from "./support/fixtures";

// The overview, as the admin set up in the first-run project sees it.

test("the overview shows the app is up and the embedded upstream answers, without secrets", async ({ page }) => {
  await page.goto("/");
  await expect(overviewHeading(page)).toBeVisible();
  // In main: while the status card streams in, its hidden copy at the end of the body holds the same words.
  await expect(page.getByRole("main").getByText("Dashboard is up.")).toBeVisible();
  const upstream = page.getByTestId("upstream-status");
  await expect(upstream).toHaveAttribute("data-state", "ok");
  await expect(upstream).toContainText("Reachable, and the API key is accepted.");
  // Nothing on the page reveals the key or the upstream's address.
  const html = await page.content();
  expect(html).not.toContain("sk-emulator-demo");
  expect(html).not.toContain(process.env.E2E_EMULATOR_PORT ?? "4110");
  // The shell says who is signed in.
  await expect(page.getByRole("complementary").getByText(`Signed in as ${ADMIN.name}`)).toBeVisible();
});

test("the theme switch works by keyboard and the choice survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(overviewHeading(page)).toBeVisible();
  const html = page.locator("html");
  const themes = page.getByRole("complementary").getByRole("radiogroup", { name: "Colour theme" });
  const dark = themes.getByRole("radio", { name: "Dark" });
  await dark.focus();
  await page.keyboard.press("Enter");
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(dark).toHaveAttribute("aria-checked", "true");
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(dark).toHaveAttribute("aria-checked", "true");

  const light = themes.getByRole("radio", { name: "Light" });
  await light.focus();
  await page.keyboard.press("Space");
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(light).toHaveAttribute("aria-checked", "true");
  await expect(dark).toHaveAttribute("aria-checked", "false");

  // One Tab stop: the arrow keys move between the options, and Enter picks one. Radix moves the focus on
  // the next tick, so each arrow waits for it before the key that picks.
  await page.keyboard.press("ArrowRight");
  await expect(dark).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(html).toHaveClass(/\bdark\b/);
  await page.keyboard.press("ArrowLeft");
  await expect(light).toBeFocused();
  await page.keyboard.press("Space");
  await expect(html).toHaveClass(/\blight\b/);
  await expectNoSeriousA11yViolations(page, "overview after switching back to light");
});

test("health answers without a session and says nothing secret", async ({ playwright, baseURL }) => {
  // Explicitly signed out: request contexts otherwise get the project's saved admin session.
  const anonymous = await playwright.request.newContext({ baseURL, storageState: SIGNED_OUT });
  const response = await anonymous.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ ok: true, database: "ok", upstream: { configured: true } });
  expect(text).not.toContain("sk-emulator-demo");
  expect(text).not.toContain(process.env.E2E_EMULATOR_PORT ?? "4110");
  // And the API itself wants a session.
  expect((await anonymous.get("/api/members")).status()).toBe(401);
  expect((await anonymous.get("/api/me")).status()).toBe(401);
  await anonymous.dispose();
});
