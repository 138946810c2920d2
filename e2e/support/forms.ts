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

/**
 * No text sticks out of its box: every laid-out element that holds text itself (a text node, or an inline child
 * with text), and lets what overflows show (overflow visible), is as wide as its content. Truncated, clipped and
 * scrolling boxes chose what to do with the excess and are left alone.
 */
export async function expectNoTextOverflow(page: Page): Promise<void> {
  const offenders = await page.evaluate(() => {
    const holdsText = (element: Element) =>
      [...element.childNodes].some((node) =>
        node.nodeType === Node.TEXT_NODE
          ? Boolean(node.textContent?.trim())
          : node instanceof HTMLElement && getComputedStyle(node).display === "inline" && Boolean(node.textContent?.trim()),
      );
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(element);
      if (style.display === "inline" || style.display === "none" || style.visibility === "hidden") continue;
      if (style.overflowX !== "visible" || element.clientWidth === 0 || !holdsText(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.scrollWidth}px of text in ${element.clientWidth}px: ${element.textContent?.trim().slice(0, 60)}`,
        );
    }
    return found;
  });
  expect(offenders, offenders.join("\n")).toEqual([]);
}

/**
 * Clicks `button` once, waits until the server has answered (`method` `path`), then lands a double click's second
 * click on it (`detail` 2): a quick server answers before a person's second click, which must then make nothing.
 * Answers how many requests were sent.
 */
export async function doubleClickAfterAnswer(page: Page, button: Locator, method: string, path: string): Promise<() => number> {
  let sent = 0;
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) sent += 1;
  });
  const answered = page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname === path);
  await button.click();
  await answered;
  await expect(button).toBeEnabled();
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  return () => sent;
}
