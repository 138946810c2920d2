// The queue as a person runs it from the Tasks page: every waiting submission with its place and why it waits
// (paused by an admin, the video slots full, the API's rate limit, the API account disabled), moved to the
// front, cancelled after a confirmation, and the whole queue paused and resumed.
import { advanceUpstreamClock, setUpstreamAccountDisabled, withUpstreamFault } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { QueueStripPart, submissionState, submit, waitAccepted } from "./support/queue";
import { TasksPage } from "./support/tasks";

test.describe.configure({ mode: "serial" });
const tag = `q${Date.now().toString(36)}`;

test("paused by admin: the reason shows, and Resume sends it", async ({ page }) => {
  expect((await page.request.put("/api/queue/state", { data: { paused: true } })).ok()).toBe(true);
  const prompt = `${tag} paused lantern`;
  const id = await submit(page.request, prompt);
  await new TasksPage(page).goto();
  const queue = new QueueStripPart(page);
  await expect(queue.region).toContainText("the queue is paused");
  await expect(queue.item(prompt)).toContainText("Paused by admin");
  await queue.region.getByRole("button", { name: "Resume queue" }).click();
  await expect(queue.item(prompt)).toHaveCount(0, { timeout: 20_000 });
  await waitAccepted(page.request, id);
});

test("video slots full: 'waiting for a video slot', move to front, cancel after confirming", async ({ page }) => {
  test.setTimeout(120_000);
  // Three videos that take ten minutes (on the emulator's clock) hold the account's three video slots.
  for (let i = 0; i < 3; i += 1)
    await waitAccepted(page.request, await submit(page.request, `${tag} slow comet ${i} [[slow]]`, "alpha-2.3"));
  const first = `${tag} waiting whale`;
  const second = `${tag} waiting walrus`;
  const firstId = await submit(page.request, first, "alpha-2.3");
  const secondId = await submit(page.request, second, "alpha-2.3");
  try {
    await new TasksPage(page).goto();
    const queue = new QueueStripPart(page);
    for (const prompt of [first, second]) await expect(queue.item(prompt)).toContainText("Waiting for a video slot");
    const before = await queue.waiting.allTextContents();
    expect(before.findIndex((text) => text.includes(first))).toBeLessThan(before.findIndex((text) => text.includes(second)));

    await queue
      .item(second)
      .getByRole("button", { name: /Move #\d+ to the front/ })
      .click();
    await expect(queue.waiting.first()).toContainText(second);
    await expect(queue.waiting.first()).toContainText("#1");

    await queue
      .item(first)
      .getByRole("button", { name: /^Cancel #\d+$/ })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this submission?" });
    await expect(dialog).toContainText("nothing was charged");
    await dialog.getByRole("button", { name: "Cancel submission" }).click();
    await expect(queue.item(first)).toHaveCount(0);
    expect(await submissionState(page.request, firstId)).toBe("cancelled");
  } finally {
    // Leave no slot held for the specs after this one.
    await page.request.delete(`/api/queue/${secondId}`);
    await page.request.delete(`/api/queue/${firstId}`);
    await advanceUpstreamClock(page.request, 11 * 60);
  }
});

test("the API's rate limit: 'API rate limit, next try in N s', then it goes out by itself", async ({ page }) => {
  test.setTimeout(120_000);
  const prompt = `${tag} limited lighthouse`;
  await withUpstreamFault(page.request, { method: "POST", path: "/v1/images", kind: "status", status: 429, retryAfter: "20" }, async () => {
    const id = await submit(page.request, prompt);
    await new TasksPage(page).goto();
    const queue = new QueueStripPart(page);
    await expect(queue.item(prompt)).toContainText(/API rate limit, next try in \d+ s/, { timeout: 20_000 });
    await waitAccepted(page.request, id, 60_000);
    await expect(queue.item(prompt)).toHaveCount(0, { timeout: 20_000 });
  });
});

test("the API account disabled: the queue is on hold, said so on the submission, and resumes once enabled", async ({ page }) => {
  test.setTimeout(150_000);
  const prompt = `${tag} held harbour`;
  await setUpstreamAccountDisabled(page.request, true);
  let id = "";
  try {
    id = await submit(page.request, prompt, "delta-image-2");
    await new TasksPage(page).goto();
    const queue = new QueueStripPart(page);
    await expect(queue.item(prompt)).toContainText(/API account disabled, checking again in/, { timeout: 20_000 });
    await expect(page.getByText("The queue is on hold")).toBeVisible();
  } finally {
    await setUpstreamAccountDisabled(page.request, false);
  }
  // The hold checks the key once a minute: it resumes by itself.
  await waitAccepted(page.request, id, 90_000);
});
