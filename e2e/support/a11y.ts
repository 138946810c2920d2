import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export type Scheme = "light" | "dark";

/** Follows the system theme (the app's default) and waits until the theme script has applied it. */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
}

/** Axe on the page as it is now; only serious and critical violations fail the test. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Let finite CSS transitions end (spinners and skeleton pulses run forever and are skipped).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
  expect(serious, `${label}: serious accessibility violations`).toEqual([]);
}
