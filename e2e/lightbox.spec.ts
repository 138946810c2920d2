import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, useScheme } from "./support/a11y";
import { ADMIN_STATE } from "./support/accounts";
import { test, expect } from "./support/fixtures";
import { TasksPage, waitArchived } from "./support/tasks";

/** One delta-image-2 task with two outputs, submitted through the API; answers its id once archived. */
async function twoImageTask(request: APIRequestContext, prompt: string): Promise<string> {
  const submissionId = crypto.randomUUID();
  const response = await request.post("/api/generations", {
    data: { submissionId, request: { model: "delta-image-2", prompt, n: 2 } },
  });
  expect(response.status(), await response.text()).toBe(202);
  let taskId = "";
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/submissions/${submissionId}`)).json()) as { submission: { taskId: string | null } };
        taskId = body.submission.taskId ?? "";
        return taskId;
      },
      { timeout: 20_000, intervals: [250, 500] },
    )
    .toMatch(/^task_/);
  await waitArchived(request, taskId);
  return taskId;
}

const viewer = (page: Page) => page.getByRole("dialog");
const viewParam = (page: Page) => new URL(page.url()).searchParams.get("view");

let pair = "";
const prompt = `Lanterns over a harbour ${Date.now()}`;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL, storageState: ADMIN_STATE, extraHTTPHeaders: { origin: baseURL ?? "" } });
  pair = await twoImageTask(request, prompt);
  await request.dispose();
});

test("the lightbox steps with ←/→, zooms with +/-, closes on Escape and gives focus back", async ({ page }) => {
  const tasks = new TasksPage(page);
  await tasks.goto();
  const card = tasks.card(prompt);
  await expect(card.getByText("×2")).toBeVisible();
  const open = card.getByRole("button", { name: "Open in viewer" });
  // The viewer's code is not on the page yet: pointing at an opener fetches it (issue 15).
  await page.waitForLoadState("networkidle");
  const fetched = page.waitForRequest((request) => request.resourceType() === "script");
  await open.hover();
  await fetched;
  await open.click();

  const dialog = viewer(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: /output 1 of 2/ })).toBeVisible();
  expect(viewParam(page)).toBe(pair);
  await expect(dialog.getByRole("button", { name: "Previous result" })).toBeDisabled();

  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("heading", { name: /output 2 of 2/ })).toBeVisible();
  await expect.poll(() => viewParam(page)).toBe(`${pair}:1`);
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("heading", { name: /output 1 of 2/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Next result" }).click();
  await expect(dialog.getByRole("heading", { name: /output 2 of 2/ })).toBeVisible();

  // Zoom: + shows 100%, - fits again; the toggle says which.
  const zoom = dialog.getByRole("button", { name: /^(100%|Fit)$/ });
  await expect(zoom).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("+");
  await expect(zoom).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("-");
  await expect(zoom).toHaveAttribute("aria-pressed", "false");

  // The settings the task was made with, and a download of this very output.
  await expect(dialog.getByRole("region", { name: "Settings" })).toContainText("n");
  await expect(dialog.getByRole("link", { name: "Download", exact: true })).toHaveAttribute("href", `/api/media/${pair}/1?download=1`);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  expect(viewParam(page)).toBeNull();
});

test("a ?view= link opens the lightbox on that output, on /tasks and on /generate", async ({ page }) => {
  await page.goto(`/tasks?view=${pair}:1`);
  await expect(viewer(page).getByRole("heading", { name: /output 2 of 2/ })).toBeVisible();
  await expect(viewer(page).getByRole("img", { name: /^Image 2/ })).toBeVisible();

  await page.goto(`/generate?view=${pair}`);
  await expect(viewer(page).getByRole("heading", { name: /output 1 of 2/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer(page)).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Generate" })).toBeVisible();
});

test("on a phone, a swipe moves to the next and previous output", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    storageState: ADMIN_STATE,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  try {
    await page.goto(`/tasks?view=${pair}`);
    const dialog = viewer(page);
    await expect(dialog.getByRole("heading", { name: /output 1 of 2/ })).toBeVisible();
    const stage = await page.getByTestId("lightbox-stage").boundingBox();
    if (!stage) throw new Error("no lightbox stage");
    const y = stage.y + stage.height / 2;
    // Real touch input through the browser (Chromium's DevTools protocol), as a finger would send it.
    const cdp = await context.newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: (fromX + toX) / 2, y }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: toX, y }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await swipe(stage.x + stage.width * 0.8, stage.x + stage.width * 0.2);
    await expect(dialog.getByRole("heading", { name: /output 2 of 2/ })).toBeVisible();
    await swipe(stage.x + stage.width * 0.2, stage.x + stage.width * 0.8);
    await expect(dialog.getByRole("heading", { name: /output 1 of 2/ })).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const scheme of ["light", "dark"] as const) {
  test(`the open lightbox has no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/tasks?view=${pair}`);
    await useScheme(page, scheme);
    await expect(viewer(page).getByRole("img", { name: /^Image 1/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `lightbox (${scheme})`);
  });
}
