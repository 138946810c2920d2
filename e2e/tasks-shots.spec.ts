import { expect, test } from "./support/fixtures";
import { createTask, TasksPage } from "./support/tasks";

// Screenshots of the gallery and a task's page for review (TASK_SHOTS=1 npx playwright test e2e/tasks-shots.spec.ts); skipped otherwise.
const DIR = "/tmp/task-shots";
const SIZES = [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;

test.skip(!process.env.TASK_SHOTS, "screenshots only on request");
test.setTimeout(180_000);

test("gallery and detail screenshots", async ({ page }) => {
  const tasks = new TasksPage(page);
  const shoot = async (label: string, ready: () => Promise<void>) => {
    for (const size of SIZES) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: scheme });
        await ready();
        await page.screenshot({ path: `${DIR}/${label}-${size.name}-${scheme}.png`, fullPage: label.startsWith("detail") });
      }
    }
  };
  await shoot("gallery-empty", async () => {
    await tasks.goto();
    await expect(page.getByText(/No tasks (yet|match)/).first()).toBeVisible();
  });
  const image = await createTask(page.request, "a lighthouse on a cliff at golden hour, long exposure");
  for (const prompt of ["a red fox in fresh snow", "neon city street in the rain", "a bowl of ramen, overhead shot", "mountain lake at dawn, mist"]) await createTask(page.request, prompt);
  const failed = await createTask(page.request, "a broken lamp [[fail]]");
  await createTask(page.request, "a very slow render of a cathedral [[slow]]");
  await expect.poll(async () => ((await (await page.request.get(`/api/tasks/${image}`)).json()) as { task: { status: string } }).task.status, { timeout: 30_000 }).toBe("succeeded");
  await expect.poll(async () => ((await (await page.request.get(`/api/tasks/${failed}`)).json()) as { task: { status: string } }).task.status, { timeout: 30_000 }).toBe("failed");
  await shoot("gallery-filled", async () => {
    await tasks.goto();
    await expect(tasks.grid.locator("img").first()).toBeVisible();
    await page.waitForTimeout(300);
  });
  await shoot("gallery-filtered", async () => {
    await tasks.goto("?q=fox&status=succeeded");
    await expect(tasks.card("fox")).toBeVisible();
    await page.waitForTimeout(300);
  });
  await shoot("detail-image", async () => {
    await page.goto(`/tasks/${image}`);
    await expect(page.getByRole("button", { name: /Image 1 of 1/ })).toBeVisible();
    await page.waitForTimeout(300);
  });
  await shoot("detail-failed", async () => {
    await page.goto(`/tasks/${failed}`);
    await expect(page.getByTestId("task-explanation")).toBeVisible();
  });
});
