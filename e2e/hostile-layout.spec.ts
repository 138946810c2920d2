import type { Page } from "@playwright/test";
import { useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll } from "./support/forms";
import { createTask } from "./support/tasks";

// Issue 45: no page wider than its screen, with any data. Fixtures built to be hostile: a prompt that is one
// unbroken 2,000-character string (an upload's URL, a pasted link), right-to-left text with emoji, a board and a
// token with the longest names their forms take. Every page that shows them, at a phone's width and a laptop's, in
// light and dark, must wrap or truncate them, never scroll sideways. What the team sees is put back at the end.

const UNBROKEN = `https://uploads.example.com/${"a1b2c3d4".repeat(247)}.png`; // 2,004 characters, no break opportunity
const RTL = `${"صورة منارة على جرف عند الغسق 🌅🗼✨ ".repeat(12)}שקיעה מעל הים 🌊`;
const LONG_BOARD = `${"Campaign-assets-for-the-autumn-catalogue-".repeat(2)}`.slice(0, 80);
const LONG_TOKEN = "nightly-render-pipeline-for-the-catalogue-team-in-region-eu".slice(0, 60);

/** Lays out what the page defers until near (render-when-near sections), so their width counts too. */
async function layOutEverything(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>(".render-when-near"))
      element.style.setProperty("content-visibility", "visible");
  });
}

test("no page scrolls sideways with hostile data, at 390 and 1280 px, in light and dark", async ({ page }) => {
  const unbroken = await createTask(page.request, UNBROKEN);
  const rtl = await createTask(page.request, RTL);
  const board = (await (await page.request.post("/api/boards", { data: { name: LONG_BOARD, taskIds: [unbroken, rtl] } })).json()) as {
    board: { id: string };
  };
  const token = await page.request.post("/api/settings/access-tokens", { data: { name: LONG_TOKEN, scope: "all" } });
  expect(token.status()).toBe(201);
  const tokenId = ((await token.json()) as { tokenInfo: { id: string } }).tokenInfo.id;
  const paths = [
    "/",
    "/generate",
    "/tasks",
    `/tasks/${unbroken}`,
    `/tasks/${rtl}`,
    "/boards",
    `/boards/${board.board.id}`,
    "/compare",
    "/credits",
    "/settings",
    "/settings/members",
  ];
  try {
    for (const scheme of ["light", "dark"] as const) {
      await page.goto("/");
      await useScheme(page, scheme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
          await layOutEverything(page);
          await test.step(`${path} at ${width} px, ${scheme}`, () => expectNoHorizontalScroll(page));
        }
      }
    }
  } finally {
    await page.request.delete(`/api/boards/${board.board.id}`);
    await page.request.delete(`/api/settings/access-tokens/${tokenId}`);
  }
});
