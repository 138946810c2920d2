// Downloads as a person gets them: the browser's own download of one result and of a ZIP of a selection,
// each opened and checked (file type, bytes, sidecar contents, index).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { ADMIN } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { createTask, getTask, TasksPage, waitArchived } from "./support/tasks";

const tag = `dl${Date.now().toString(36)}`;
const KITE = `${tag} red kite over the dunes`;
const BOAT = `${tag} blue boat at the pier`;
const HERON = `${tag} grey heron in the reeds`;
const PNG = "89504e470d0a1a0a";

test("one result downloads as the original file, named for its model, date, prompt and task", async ({ page }, testInfo) => {
  const id = await createTask(page.request, KITE);
  await waitArchived(page.request, id);
  await page.goto(`/tasks/${id}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download", exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^gamma-5-pro_\\d{4}-\\d{2}-\\d{2}_${tag}-red-kite-over-the-dunes_${id}\\.png$`));
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).toString("hex")).toBe(PNG);
  expect(bytes.equals(await (await page.request.get(`/api/media/${id}/0`)).body())).toBe(true);
});

test("a ZIP of a selection holds each result, a JSON sidecar per task and an index", async ({ page }, testInfo) => {
  const ids = [await createTask(page.request, HERON), await createTask(page.request, BOAT)];
  for (const id of ids) await waitArchived(page.request, id);
  const tasks = new TasksPage(page);
  await tasks.goto(`?q=${tag}`);
  for (const prompt of [HERON, BOAT]) await tasks.card(prompt).getByRole("checkbox").check();
  await expect(page.getByRole("toolbar", { name: "Selected tasks" })).toContainText("2 selected");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download ZIP" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^darkroom-\d{4}-\d{2}-\d{2}-2-tasks\.zip$/);
  const zip = testInfo.outputPath("selection.zip");
  await download.saveAs(zip);

  const names = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n").sort();
  expect(names).toHaveLength(5);
  expect(names).toContain("index.csv");
  for (const id of ids) {
    const media = names.find((name) => name.endsWith(`_${id}.png`));
    expect(execFileSync("unzip", ["-p", zip, media!]).subarray(0, 8).toString("hex")).toBe(PNG);
    const sidecar = JSON.parse(execFileSync("unzip", ["-p", zip, media!.replace(/\.png$/, ".json")], { encoding: "utf8" }));
    const task = await getTask(page.request, id);
    expect(sidecar).toMatchObject({
      taskId: id,
      model: "gamma-5-pro",
      kind: "image",
      status: "succeeded",
      member: { name: ADMIN.name },
      credits: { used: task.credits.used },
      files: [media],
    });
    expect([HERON, BOAT]).toContain(sidecar.request.prompt);
  }
  const index = execFileSync("unzip", ["-p", zip, "index.csv"], { encoding: "utf8" }).trim().split("\r\n");
  expect(index[0]).toMatch(/^task_id,model,member,status,credits_reserved,credits_used/);
  expect(
    index
      .slice(1)
      .map((row) => row.split(",")[0])
      .sort(),
  ).toEqual([...ids].sort());
});
