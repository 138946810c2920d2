import { execFileSync } from "node:child_process";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { createTask, TasksPage, waitArchived } from "./support/tasks";

// Issue 30, part 2: a board built from the lightbox and from a gallery selection, reordered from the keyboard
// (announced, focus kept, saved), downloaded as a ZIP in board order, shared with a link that opens with no
// session (media only, in board order) and is refused once revoked; and the board page on a phone.

test("a board is built from the lightbox and a selection, reordered by keyboard, downloaded, shared and revoked", async ({
  page,
  newPage,
}, testInfo) => {
  const tag = `board-${Date.now()}`;
  const prompts = [`a heron ${tag}`, `a boat ${tag}`, `a kite ${tag}`];
  const ids: Record<string, string> = {};
  for (const prompt of prompts) ids[prompt] = await createTask(page.request, prompt);
  for (const prompt of prompts) await waitArchived(page.request, ids[prompt]!);
  const name = `Board ${tag}`;

  // From the lightbox: a new board with the heron.
  const tasks = new TasksPage(page);
  await tasks.goto(`?q=${tag}`);
  await tasks.card(prompts[0]!).getByRole("button", { name: "Open in viewer" }).click();
  const viewer = page.getByRole("dialog");
  await viewer.getByRole("button", { name: "Add to board" }).click();
  await viewer.getByLabel("New board").fill(name);
  await viewer.getByRole("button", { name: "Create with this task" }).click();
  await expect(viewer.getByRole("status").filter({ hasText: "1 task added to" })).toContainText(name);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // From a selection: the boat and the kite, onto the same board.
  for (const prompt of prompts.slice(1)) await tasks.card(prompt).getByRole("checkbox").check();
  await page.getByRole("toolbar", { name: "Selected tasks" }).getByRole("button", { name: "Add to board" }).click();
  const panel = page.getByRole("region", { name: "Add the selected tasks to a board" });
  await panel.getByRole("button", { name: `Add 2 tasks to ${name}` }).click();
  await expect(panel.getByRole("status")).toContainText(`2 tasks added to ${name}`);

  // Listed with who made it, then opened.
  await page.goto("/boards");
  const listed = page.getByRole("region", { name: "Your boards" }).getByRole("listitem").filter({ hasText: name });
  await expect(listed).toContainText("3 tasks · by Ada Admin");
  await listed.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const grid = page.getByRole("list", { name: `Tasks on ${name}` });
  const order = () => grid.locator("[data-board-item]").evaluateAll((items) => items.map((item) => item.getAttribute("data-board-item")));
  const start = await order();
  expect(start).toHaveLength(3);
  expect(start[0]).toBe(ids[prompts[0]!]);

  // Alt+→ on the first card's focused Move button: it moves to second, is announced, keeps focus, and is saved.
  const first = grid.locator(`[data-board-item="${start[0]}"]`);
  await first.getByRole("button", { name: /^Move later:/ }).focus();
  await page.keyboard.press("Alt+ArrowRight");
  const moved = [start[1], start[0], start[2]];
  await expect.poll(order).toEqual(moved);
  await expect(page.getByRole("status").filter({ hasText: "to position 2 of 3." })).toHaveText(/^Moved Gamma 5 Pro: a heron/);
  await expect(first.getByRole("button", { name: /^Move later:/ })).toBeFocused();
  await expect(first).toContainText("2 of 3");
  await expectNoSeriousA11yViolations(page, "board page");
  await page.reload();
  await expect.poll(order).toEqual(moved);

  // The ZIP, in board order.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download ZIP" }).click()]);
  const zip = testInfo.outputPath("board.zip");
  // Named after the board (it was "darkroom-<date>-3-tasks.zip").
  expect(download.suggestedFilename()).toBe(`${name}.zip`);
  await download.saveAs(zip);
  const pictures = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" })
    .trim()
    .split("\n")
    .filter((entry) => entry.endsWith(".png"));
  expect(pictures.map((entry) => /_(task_[^.]+)\.png$/.exec(entry)?.[1])).toEqual(moved);

  // Shared: opens with no session, media only, in board order.
  await page.getByRole("button", { name: "Share" }).click();
  const share = page.getByRole("region", { name: "Share the board" });
  await share.getByRole("button", { name: "Make a link" }).click();
  const url = new URL(await share.getByLabel("Share link").inputValue()).pathname;
  const visitor = await newPage();
  expect((await visitor.goto(url))!.status()).toBe(200);
  // Named after the board, in a grid that uses the width (three across at 1280 px).
  await expect(visitor.getByRole("heading", { level: 1, name })).toBeVisible();
  const sources = await visitor.getByRole("img").evaluateAll((images) => images.map((img) => img.getAttribute("src")));
  expect(sources.map((src) => /\/media\/(task_[^/]+)\//.exec(src ?? "")?.[1])).toEqual(moved);
  const tops = await visitor.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  const html = (await visitor.content()).toLowerCase();
  for (const leak of [...prompts, "ada admin", "credit", "upstream", 'href="/boards', 'href="/tasks'])
    expect(html).not.toContain(leak.toLowerCase());
  // "Download all": the media only, as one ZIP named after the board.
  const [all] = await Promise.all([visitor.waitForEvent("download"), visitor.getByRole("link", { name: "Download all (3, ZIP)" }).click()]);
  expect(all.suggestedFilename()).toBe(`${name}.zip`);
  const sharedZip = testInfo.outputPath("shared.zip");
  await all.saveAs(sharedZip);
  const shared = execFileSync("unzip", ["-Z1", sharedZip], { encoding: "utf8" }).trim().split("\n");
  expect(shared.map((entry) => /_(task_[^.]+)\.png$/.exec(entry)?.[1])).toEqual(moved);

  // Revoked in Settings: the next open is refused.
  await page.goto("/settings");
  await page.getByRole("button", { name: `Revoke the share link of board ${name} (media only)` }).click();
  await expect(page.getByTestId("share-links").getByText(name)).toHaveCount(0);
  expect((await visitor.goto(url))!.status()).toBe(404);
});

test("a board's page works on a 390 px phone: no sideways scroll, Move buttons reorder", async ({ page }) => {
  const tag = `board-phone-${Date.now()}`;
  const ids = [await createTask(page.request, `a gull ${tag}`), await createTask(page.request, `a tern ${tag}`)];
  for (const id of ids) await waitArchived(page.request, id);
  const made = await page.request.post("/api/boards", { data: { name: `Phone ${tag}`, taskIds: ids } });
  expect(made.status()).toBe(201);
  const { board } = (await made.json()) as { board: { id: string } };
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/boards/${board.id}`);
  const grid = page.getByRole("list", { name: `Tasks on Phone ${tag}` });
  await expect(grid.getByRole("listitem")).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await grid.getByRole("button", { name: /^Move earlier: .*a tern/ }).click();
  await expect
    .poll(() => grid.locator("[data-board-item]").evaluateAll((items) => items.map((item) => item.dataset.boardItem)))
    .toEqual([ids[1], ids[0]]);
  await expectNoSeriousA11yViolations(page, "board page (phone)");
});
