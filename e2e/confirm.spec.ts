import { expect, test } from "./support/fixtures";
import { createTask, TasksPage, waitArchived } from "./support/tasks";

// Issue 15: confirmations (Radix AlertDialog) are fetched on first use, with no Radix trigger any more; they must
// still take focus, keep it inside, close on Escape or Cancel and give focus back to the button that opened them.
const PROMPT = `cf${Date.now().toString(36)} a heron in the reeds`;

test("a task's Hide asks first from the keyboard, keeps focus inside, and gives it back on Escape and on Cancel", async ({ page }) => {
  const id = await createTask(page.request, PROMPT);
  await waitArchived(page.request, id);
  await page.goto(`/tasks/${id}`);

  const hide = page.getByRole("button", { name: "Hide", exact: true });
  await expect(hide).toHaveAttribute("aria-haspopup", "dialog");
  // Not on the page yet: pointing at Hide fetches the confirmation's code (the old page had it from the start).
  await page.waitForLoadState("networkidle");
  const fetched = page.waitForRequest((request) => request.resourceType() === "script");
  await hide.hover();
  await fetched;
  await hide.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Hide this task?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(hide).toBeFocused();

  await hide.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(hide).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Hidden for you" })).toHaveCount(0);
});

test("the selection bar's Hide asks first and gives focus back to Hide on Cancel", async ({ page }) => {
  const id = await createTask(page.request, `${PROMPT} selected`);
  await waitArchived(page.request, id);
  const tasks = new TasksPage(page);
  await tasks.goto(`?q=${encodeURIComponent(PROMPT.split(" ")[0]!)}`);
  await tasks.card(`${PROMPT} selected`).getByRole("checkbox").check();
  const bar = page.getByRole("toolbar", { name: "Selected tasks" });
  const hide = bar.getByRole("button", { name: "Hide", exact: true });
  await hide.click();
  const dialog = page.getByRole("alertdialog", { name: "Hide 1 task?" });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(hide).toBeFocused();
  await expect(bar).toContainText("1 selected");
});
