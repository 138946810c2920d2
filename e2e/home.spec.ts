import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("the first page shows the app is up and the embedded upstream answers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Darkroom", level: 1 })).toBeVisible();
  await expect(page.getByText("Dashboard is up.")).toBeVisible();
  const upstream = page.getByTestId("upstream-status");
  await expect(upstream).toHaveAttribute("data-state", "ok");
  await expect(upstream).toContainText("Reachable, and the API key is accepted.");
  // Nothing on the page reveals the key or the upstream's address.
  const html = await page.content();
  expect(html).not.toContain("sk-emulator-demo");
  expect(html).not.toContain("4110");
});

test("the theme can be switched by keyboard and the page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  const dark = page.getByRole("radio", { name: "Dark" });
  await dark.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(dark).toHaveAttribute("aria-checked", "true");
  for (const theme of ["Dark", "Light"]) {
    await page.getByRole("radio", { name: theme }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious, `${theme}: ${serious.map((v) => v.id).join(", ")}`).toEqual([]);
  }
});

test("health answers without a session and without secrets", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.ok()).toBe(true);
  const body = await response.json();
  expect(body).toEqual({ ok: true, upstream: { configured: true, state: "ok" } });
});
