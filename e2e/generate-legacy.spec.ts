import { test, expect } from "./support/fixtures";
import { expectFieldError, recordRequests } from "./support/forms";
import { GeneratePage, IMAGE } from "./support/generate";

// alpha-2.3 may go through the legacy endpoint (POST /api/video/generate): a person picks it, with the
// spec's note that new integrations use v1, and the video arrives like any other.

test("a person picks the legacy endpoint for Alpha 2.3, submits, and the video appears", async ({ page }) => {
  const generate = new GeneratePage(page);
  await generate.goto();

  // Only alpha-2.3 offers the choice.
  await generate.choose("Alpha 2.3 Fast");
  await expect(page.getByRole("radiogroup", { name: "Endpoint" })).toHaveCount(0);
  await generate.choose("Alpha 2.3");
  const endpoint = page.getByRole("radiogroup", { name: "Endpoint", exact: true });
  await expect(endpoint).toBeVisible();
  await expect(generate.option("Endpoint", "v1 (recommended)")).toBeChecked();
  await expect(page.getByText(/legacy endpoints remain for existing integrations; new integrations use v1/)).toBeVisible();

  const posts = recordRequests(page, "POST", "/api/generations");
  await generate.option("Endpoint", "Legacy").click();
  await expect(generate.option("Endpoint", "Legacy")).toBeChecked();

  // The legacy body has no image: the form says so before anything is sent.
  await generate.prompt.fill("legacy: a first frame is refused");
  await generate.field("First frame").fill(IMAGE.cat);
  await generate.submitButton.click();
  await expectFieldError(endpoint, "no first-frame image");
  expect(posts, "the form's own check sends nothing").toEqual([]);
  await generate.field("First frame").fill("");

  const prompt = "legacy: a lantern drifting over a still lake";
  await generate.prompt.fill(prompt);
  await generate.option("Duration", "6 s").click();
  await generate.option("Resolution", "1080p").click();
  const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/generations");
  const card = await generate.submit(prompt);
  expect((await sent).postDataJSON()).toMatchObject({
    endpoint: "legacy",
    request: { model: "alpha-2.3", prompt, duration: 6, resolution: "1080p" },
  });
  // The legacy answers carry one credit cost and no final debit: on success it is read as used (docs/engine.md, "Legacy answers").
  await expect(card.getByText("Succeeded", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/^[\d,]+ credits? used$/)).toBeVisible();
  await expect(card.getByRole("button", { name: /^Result of task_/ })).toBeVisible();
  await expect(card).toHaveCount(1);
});
