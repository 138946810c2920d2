import { test, expect } from "./support/fixtures";
import { expectFieldError, recordRequests } from "./support/forms";
import { withCredits, withUpstreamFault } from "./support/emulator";
import { countTasks, GeneratePage } from "./support/generate";

// Submitting from the Generate page: exactly once, errors in plain words on the right field, the
// keyboard shortcut, runs, and a form that remembers itself. Image models keep these quick.

test("a double click makes one task, and resending the same submission makes none", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  const before = await countTasks(page.request);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/generations") sent.push(request.postData() ?? "");
  });

  await generate.choose("Gamma 5 Pro");
  const prompt = "double click: a red kite over the dunes";
  await generate.prompt.fill(prompt);
  // A double click whose second click comes after the server has answered the first (a quick server, a busy
  // browser): the button is enabled again by then, and the second click still sends nothing.
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/generations",
  );
  await generate.submitButton.click();
  await answered;
  await expect(generate.submitButton).toBeEnabled();
  const button = (await generate.submitButton.boundingBox())!;
  await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  const card = generate.card(prompt);
  await generate.expectSucceeded(card);
  await expect(card).toHaveCount(1);
  expect(await countTasks(page.request)).toBe(before + 1);

  // A network retry resends the same body with the same submission id: the server answers it again.
  expect(sent.length).toBeGreaterThanOrEqual(1);
  const replay = await page.request.post("/api/generations", { headers: { "Content-Type": "application/json" }, data: sent[0]! });
  expect(replay.status()).toBe(200);
  expect((await replay.json()).repeated).toBe(true);
  expect(await countTasks(page.request)).toBe(before + 1);

  // Remix opens the form with the task's exact parameters.
  await card.getByRole("link", { name: "Remix" }).click();
  await expect(page).toHaveURL(/\/generate\?remix=task_/);
  await expect(page.getByRole("status").filter({ hasText: `Remixing “${prompt}”` })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Gamma 5 Pro", exact: true })).toBeChecked();
  await expect(generate.prompt).toHaveValue(prompt);
  await expect(generate.option("Quality", "Basic")).toBeChecked();

  // Animate makes its image a video's first frame: the form names Darkroom's copy, the server sends the upstream's URL.
  await card.getByRole("link", { name: "Animate" }).click();
  await expect(page).toHaveURL(/\/generate\?use=first-frame&task=task_/);
  await expect(page.getByRole("status").filter({ hasText: /as the first frame/ })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /first frame/i }).first()).toHaveValue(/^\/api\/media\/task_\w+\/0$/);
  const motion = "the kite starts to climb";
  await generate.prompt.fill(motion);
  await generate.submitButton.click();
  await generate.expectSucceeded(generate.card(motion));
});

test("a prompt that is too short is shown on the prompt, whether the form or the server catches it", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Beta 2.0", "Text");
  const posts = recordRequests(page, "POST", "/api/generations");

  await generate.prompt.fill("ab");
  await generate.submitButton.click();
  await expectFieldError(generate.prompt, "Use at least 3 characters");
  await expect(generate.prompt).toBeFocused();
  expect(posts, "the form's own check sends nothing").toEqual([]);

  // Past the form's check (as an older tab or another client might be), the server refuses the same way.
  await page.route("**/api/generations", async (route) => {
    const body = route.request().postDataJSON() as { request: { prompt: string } };
    await route.continue({ postData: JSON.stringify({ ...body, request: { ...body.request, prompt: "ab" } }) });
  });
  await generate.prompt.fill("a prompt long enough for the form");
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/generations");
  await generate.submitButton.click();
  expect((await answer).status()).toBe(422);
  await expectFieldError(generate.prompt, "Use at least 3 characters");
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("Ctrl+Enter submits, and runs queue that many identical submissions", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");

  const shortcut = "shortcut: a paper crane on a desk";
  await generate.prompt.fill(shortcut);
  await generate.prompt.press("Control+Enter");
  await expect(generate.card(shortcut)).toHaveCount(1);

  const runs = "runs: three pears in a bowl";
  await generate.prompt.fill(runs);
  await page.getByRole("spinbutton", { name: "Runs" }).fill("2");
  await generate.submitButton.click();
  await expect(generate.card(runs)).toHaveCount(2);
  await expect(generate.card(runs).getByRole("heading", { name: /run 2$/ })).toBeVisible();
  for (const card of [generate.card(shortcut), ...(await generate.card(runs).all())]) await generate.expectSucceeded(card);
});

test("refusals by the generation service read in plain words, on the field when there is one", async ({ page }) => {
  test.setTimeout(180_000); // includes waiting for the queue to resume after the 403 (below)
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Gamma 5 Pro");

  const blocked = "blocked: [[blocked]] a forbidden scene";
  await generate.prompt.fill(blocked);
  await generate.submitButton.click();
  await expect(generate.card(blocked).getByText("The prompt was blocked by the safety check.")).toBeVisible({ timeout: 30_000 });
  await expect(generate.card(blocked).getByText(/Rephrase or remove/)).toBeVisible();

  const broke = "no credits: a lemon tree";
  await withCredits(page.request, 0, async () => {
    await generate.prompt.fill(broke);
    await generate.submitButton.click();
    await expect(generate.card(broke).getByText("Not enough credits.")).toBeVisible({ timeout: 30_000 });
  });

  const refused = "refused: a quiet harbour";
  await withUpstreamFault(page.request, { method: "POST", path: "/v1/images/generations", kind: "status", status: 403 }, async () => {
    await generate.prompt.fill(refused);
    await generate.submitButton.click();
    // A bare 403 on gamma-5-pro may mean "not allowed" or "account disabled": it waits for a person, nothing charged.
    await expect(generate.card(refused).getByText(/refused this request \(HTTP 403\)/)).toBeVisible({ timeout: 30_000 });
    await expect(generate.card(refused).getByRole("button", { name: "Send again with a new key…" })).toBeVisible();
  });
  // The 403 held the whole queue; the engine re-checks the key once a minute. Later specs need it sending again.
  await expect
    .poll(async () => ((await (await page.request.get("/api/queue")).json()) as { held: unknown }).held, { timeout: 90_000 })
    .toBeNull();

  // A refusal that names a field (the emulator takes every value the form allows, so the answer is staged).
  const named = "named field: an orchard in fog";
  await page.getByRole("button", { name: "Add URL" }).click();
  await generate.field("Reference images 1").fill("https://images.example.com/orchard.gif");
  await page.route("**/api/submissions/*", async (route) => {
    const { submission } = (await (await route.fetch()).json()) as { submission: Record<string, unknown> };
    const error = {
      code: "invalid_request",
      message: "The generation service rejected the request. GIF is not supported. (field: image_urls.0)",
      field: "image_urls.0",
    };
    await route.fulfill({ json: { submission: { ...submission, state: "rejected", taskId: null, error } } });
  });
  await generate.prompt.fill(named);
  await generate.submitButton.click();
  const card = generate.card(named);
  await expect(card.getByText("The generation service rejected Reference images 1.")).toBeVisible({ timeout: 30_000 });
  await card.getByRole("button", { name: "Show on the form" }).click();
  await expectFieldError(generate.field("Reference images 1"), "GIF is not supported.");
  await expect(generate.field("Reference images 1")).toBeFocused();
});

test("the form keeps its values when the person leaves the page and comes back", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();
  await generate.choose("Delta Image 2");
  await generate.prompt.fill("kept: a bicycle against a blue wall");
  await generate.option("Quality", "High").click();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tasks", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Generate", exact: true }).click();

  await expect(generate.heading).toBeVisible();
  await expect(page.getByRole("radio", { name: "Delta Image 2", exact: true })).toBeChecked();
  await expect(generate.prompt).toHaveValue("kept: a bicycle against a blue wall");
  await expect(generate.option("Quality", "High")).toBeChecked();
  // No output resolution is offered for delta-image-2: the spec shows no field for it.
  await expect(page.getByRole("radiogroup", { name: "Resolution" })).toHaveCount(0);
});
