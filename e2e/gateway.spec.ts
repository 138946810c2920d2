import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./support/fixtures";

// Darkroom as the team's gateway (issue 29), as a member uses it: a token made in Settings, the TypeScript
// example of docs/gateway.md run as it is written against this Darkroom, its image in the gallery marked
// with the token and under the id the script was answered, and the token revoked.

const run = promisify(execFile);

/** The docs' TypeScript example, exactly as a reader would copy it. */
async function docsExample(): Promise<string> {
  const docs = await readFile("docs/gateway.md", "utf8");
  const block = /## TypeScript[\s\S]*?```ts\n([\s\S]*?)```/.exec(docs);
  if (!block) throw new Error("docs/gateway.md has no TypeScript example");
  return block[1]!;
}

test("a member's token runs the docs' script through Darkroom, and its image shows in the gallery with the token", async ({
  page,
  baseURL,
}) => {
  await page.goto("/settings");
  const card = page.getByRole("heading", { name: "Access tokens" }).locator("xpath=ancestor::*[contains(@class,'rounded')][1]");
  await card.getByLabel("Name").fill("docs example");
  await card.getByRole("button", { name: "Make a token" }).click();
  const token = await page.getByLabel("New access token").inputValue();
  expect(token).toMatch(/^dr_[\w-]{43}$/);
  // The example is pasted as it is: the whole token, at the address the browser is on (issue 45).
  const example = await page.getByLabel("Example request").textContent();
  expect(example).toContain(`Bearer ${token}"`);
  expect(example).toContain(`${new URL(page.url()).origin}/v1/images/generations`);
  await expect(card.getByText("This address opens on this machine only")).toBeVisible();

  const folder = await mkdtemp(path.join(tmpdir(), "darkroom-gateway-"));
  await writeFile(path.join(folder, "make-image.mts"), await docsExample());
  // Hang detector only: the script polls every 5 s until the image is made and archived.
  const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["make-image.mts", "a lighthouse for the docs"], {
    cwd: folder,
    env: { ...process.env, DARKROOM_URL: baseURL, DARKROOM_TOKEN: token },
    timeout: 180_000,
  });
  expect(stdout).toMatch(/^task_\S+: pending$/m);
  const saved = (await readdir(folder)).find((name) => name.startsWith("task_"));
  expect(saved).toBeDefined();
  expect((await stat(path.join(folder, saved!))).size).toBeGreaterThan(0);

  await page.goto("/tasks?q=lighthouse%20for%20the%20docs");
  await expect(page.getByText("via token docs example")).toBeVisible();
  // One task, one id (issue 44): the card links the id the script was answered, and the task's page there shows it.
  const id = /^(task_\S+): pending$/m.exec(stdout)![1]!;
  await expect(page.locator(`[data-task-id] a[href="/tasks/${id}"]`).first()).toBeAttached();
  await page.goto(`/tasks/${id}`);
  await expect(page.getByRole("heading", { name: "Task", exact: true })).toBeVisible();
  await expect(page.getByText(id, { exact: true }).first()).toBeVisible();

  await page.goto("/settings");
  await page.getByRole("button", { name: "Revoke docs example" }).click();
  await expect(page.getByTestId("access-tokens").getByText("docs example")).toHaveCount(0);
  const refused = await page.request.get("/v1/tasks/task_x", { headers: { authorization: `Bearer ${token}`, cookie: "" } });
  expect(refused.status()).toBe(401);
});
