import { expect, test } from "./support/fixtures";
import { createTask, TasksPage, waitArchived } from "./support/tasks";

// Issue 14, item 10 in the browser: hiding is for oneself unless the owner or an admin says "for the team",
// the task's page offers "Show again", and a team-wide hide appears in the admins' audit log.
const PROMPT = `hd${Date.now().toString(36)} a lantern on a jetty`;

test("hide for me, show again, then hide for the team: recorded in the audit log", async ({ page }) => {
  const id = await createTask(page.request, PROMPT);
  await waitArchived(page.request, id);
  const tasks = new TasksPage(page);

  await page.goto(`/tasks/${id}`);
  await page.getByRole("button", { name: "Hide", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Hide this task?" });
  await expect(dialog.getByRole("button", { name: "Hide for the team" })).toBeVisible();
  await dialog.getByRole("button", { name: "Hide for me" }).click();
  await expect(tasks.heading).toBeVisible();
  await tasks.goto(`?q=${encodeURIComponent(PROMPT.split(" ")[0]!)}`);
  await expect(tasks.card(PROMPT)).toHaveCount(0);

  await page.goto(`/tasks/${id}`);
  const notice = page.getByRole("status").filter({ hasText: "Hidden for you" });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Show again" }).click();
  await expect(notice).toHaveCount(0);
  await tasks.goto(`?q=${encodeURIComponent(PROMPT.split(" ")[0]!)}`);
  await expect(tasks.card(PROMPT)).toBeVisible();

  await page.goto(`/tasks/${id}`);
  await page.getByRole("button", { name: "Hide", exact: true }).click();
  await page.getByRole("alertdialog", { name: "Hide this task?" }).getByRole("button", { name: "Hide for the team" }).click();
  await expect(tasks.heading).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByTestId("audit-log").getByRole("listitem").filter({ hasText: id }).first()).toContainText(
    "hid a task for the team",
  );
  await page.goto(`/tasks/${id}`);
  await expect(page.getByRole("status").filter({ hasText: "Hidden for the team" })).toBeVisible();
});
