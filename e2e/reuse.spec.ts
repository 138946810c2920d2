import type { Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { GeneratePage } from "./support/generate";
import { advanceUpstreamClock } from "./support/emulator";
import { createTask, waitArchived } from "./support/tasks";

// Reusing a result: each action on each kind of result opens the form on the model and mode meant for it, says
// so, and submits; an image's "Use as input" stays with images; notices leave with the form they describe; and
// every image field offers Upload as soon as it shows.

test.describe.configure({ mode: "serial" });

let image = "";
let video = "";

test.beforeAll(async ({ request }) => {
  [image, video] = await Promise.all([
    createTask(request, "reuse: a lighthouse at dawn"),
    createTask(request, "reuse: waves against the rocks", "epsilon-v6", { mode: "text-to-video" }),
  ]);
  await Promise.all([waitArchived(request, image), waitArchived(request, video)]);
});

/** Follows a reuse link on the task's page and checks where the form lands, then submits it. */
async function reuse(
  generate: GeneratePage,
  taskId: string,
  action: string | ((page: Page) => Promise<void>),
  landing: { model: string; mode?: string; notice: RegExp },
  prompt: string,
) {
  const { page } = generate;
  await page.goto(`/tasks/${taskId}`);
  // The task's page shows each action twice (an icon on the result, a named button under it): both link the same.
  if (typeof action === "string") await page.getByRole("link", { name: action, exact: true }).first().click();
  else await action(page);
  await expect(page.getByRole("status").filter({ hasText: landing.notice })).toBeVisible();
  await expect(page.getByRole("radio", { name: landing.model, exact: true })).toBeChecked();
  if (landing.mode) await expect(page.getByRole("tab", { name: landing.mode, exact: true })).toHaveAttribute("aria-selected", "true");
  await generate.prompt.fill(prompt);
  // Accepted (202), not refused: the prefilled input is one the model takes. Waits for the answer however long.
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/generations",
    { timeout: 0 },
  );
  await generate.submitButton.click();
  expect((await answered).status()).toBe(202);
  await expect(generate.card(prompt).first()).toBeVisible();
}

test("an image's Use as input reworks it with an image model, and Animate makes a video of it", async ({ page }) => {
  const generate = new GeneratePage(page);
  await reuse(
    generate,
    image,
    "Use as input",
    {
      model: "Gamma 5 Pro",
      notice: new RegExp(`^Using “reuse: a lighthouse at dawn” \\(Gamma 5 Pro\\) as a reference image in Gamma 5 Pro\\.$`),
    },
    "reuse: the lighthouse at night",
  );
  await expect(page.getByRole("textbox", { name: "Reference images 1" })).toHaveValue(`/api/media/${image}/0`);

  await reuse(
    generate,
    image,
    "Animate",
    {
      model: "Alpha 2.3",
      notice: new RegExp(`^Using “reuse: a lighthouse at dawn” \\(Gamma 5 Pro\\) as the first frame of a video in Alpha 2\\.3\\.$`),
    },
    "reuse: the lighthouse beam turns",
  );
});

test("a video's Extend continues it, and the notice leaves for a model that cannot extend", async ({ page }) => {
  const generate = new GeneratePage(page);
  await reuse(
    generate,
    video,
    "Extend",
    {
      model: "Epsilon v6",
      mode: "Extend",
      notice: new RegExp(`^Extending “reuse: waves against the rocks” \\(Epsilon v6\\) with Epsilon v6 \\(Extend\\)\\.$`),
    },
    "reuse: the waves calm down",
  );

  const notice = page.getByRole("status").filter({ hasText: "Extending “reuse: waves against the rocks”" });
  for (const [model, mode] of [
    ["Epsilon v6", "Text"],
    ["Gamma 5 Pro", undefined],
  ] as const) {
    await generate.goto(`/generate?extend=${video}`);
    await expect(notice).toBeVisible();
    await generate.choose(model, mode);
    await expect(notice).toHaveCount(0);
  }
});

test("a video's Use last frame puts its last frame, as an upload, in the model kind the person chose", async ({ page }) => {
  const generate = new GeneratePage(page);
  const lastFrame = (choice: string) => async (page: Page) => {
    const button = page.getByRole("button", { name: "Use last frame", exact: true });
    const dialog = page.getByRole("dialog", { name: "Use the last frame" });
    // By keyboard first: the dialog's code loads on focus or the first press, and Escape gives the button focus back.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    await button.click();
    await dialog.getByRole("button", { name: new RegExp(`^${choice}`) }).click();
  };
  await reuse(
    generate,
    video,
    lastFrame("Continue as a video"),
    {
      model: "Alpha 2.3",
      notice: new RegExp(
        `^Using the last frame of “reuse: waves against the rocks” \\(Epsilon v6\\) as the first frame of a video in Alpha 2\\.3\\.$`,
      ),
    },
    "reuse: the waves from where they stopped",
  );
  await reuse(
    generate,
    video,
    lastFrame("Rework as an image"),
    {
      model: "Gamma 5 Pro",
      notice: new RegExp(
        `^Using the last frame of “reuse: waves against the rocks” \\(Epsilon v6\\) as a reference image in Gamma 5 Pro\\.$`,
      ),
    },
    "reuse: the last wave as a still",
  );
  // The input is Darkroom's upload of the frame, the link the API fetches.
  await expect(page.getByRole("textbox", { name: "Reference images 1" })).toHaveValue(/\/u\/up_\w+\/[\w-]+\.png$/);
});

test("every image field of every model and mode offers Upload when it first shows", async ({ page }) => {
  const generate = new GeneratePage(page);
  const fields: [model: string, mode: string | undefined, uploads: string[]][] = [
    ["Alpha 2.3", undefined, ["First frame"]],
    ["Alpha 2.3 Fast", undefined, ["First frame"]],
    ["Beta 2.0", "Image", ["First frame", "Last frame"]],
    ["Epsilon v6", "Image", ["Images 1"]],
    ["Epsilon v6", "Transition", ["First frame", "Last frame"]],
    ["Epsilon v6", "Reference", ["Image"]],
    ["Gamma 5 Pro", undefined, ["Reference images 1"]],
    ["Delta Image 2", undefined, ["Reference images 1"]],
  ];
  await generate.goto();
  for (const [model, mode, uploads] of fields) {
    await generate.choose(model, mode);
    const buttons = page.getByRole("button", { name: /^Upload an image for / });
    await expect(buttons, `${model} ${mode ?? ""}`).toHaveCount(uploads.length);
    for (const label of uploads)
      await expect(page.getByRole("button", { name: `Upload an image for ${label}`, exact: true })).toBeVisible();
  }
});

// CI saw an Extend form drop the prompt typed into it: the task it came from changed meanwhile (its archive
// finished), and the form was made again from the task. Here the task is opened while it still runs, then ends.
test("what a person types into a form opened from a task stays when that task changes", async ({ page }) => {
  const generate = new GeneratePage(page);
  const running = await createTask(page.request, "reuse: a heron waits [[slow]]");
  await generate.goto(`/generate?remix=${running}`);
  await expect(generate.prompt).toHaveValue("reuse: a heron waits [[slow]]");
  // The page's next read of the task is the one a change of it causes (the first made the form).
  const reread = page.waitForResponse(
    (response) => response.request().method() === "GET" && new URL(response.url()).pathname === `/api/tasks/${running}`,
    { timeout: 0 },
  );
  await generate.prompt.fill("reuse: a heron takes off, typed by hand");
  // [[slow]] runs ten minutes of the generation service's clock: moved on, the task ends and is archived.
  await advanceUpstreamClock(page.request, 600);
  await waitArchived(page.request, running);
  await reread;
  await expect(generate.prompt).toHaveValue("reuse: a heron takes off, typed by hand");
});
