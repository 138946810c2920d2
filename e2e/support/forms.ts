import { expect, type Locator, type Page } from "@playwright/test";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The control is marked invalid and its accessible description carries the message. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

export async function expectNoFieldError(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

/** A form-level error box. Next's route announcer also has role "alert", hence the text filter. */
export function alertWith(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.getByRole("alert").filter({ hasText: text });
}

/** Records the requests a page sends to one API path, to show that client-side checks sent nothing. */
export function recordRequests(page: Page, method: string, pathname: string): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) seen.push(request.url());
  });
  return seen;
}

/** No horizontal scrolling: the page is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
}
