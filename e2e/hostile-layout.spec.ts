import type { Page } from "@playwright/test";
import { useScheme } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { expectNoHorizontalScroll, expectNoTextOverflow } from "./support/forms";
import { createTask, waitArchived } from "./support/tasks";

// Issue 45: no page wider than its screen, with any data. Fixtures built to be hostile: a prompt that is one
// unbroken 2,000-character string (an upload's URL, a pasted link), right-to-left text with emoji, the longest prompt
// any model takes (20,000 characters, about 60 KB of UTF-8: the 64 KiB is past every model's bound), a task
// made from an upload with a long name, and a board, a token and a member with the longest names their forms take.
// Every page that shows them, at a phone's width and a laptop's, in light and dark, must wrap or truncate them:
// never scroll sideways, and no text out of its box. What the team sees is put back at the end.

const UNBROKEN = `https://uploads.example.com/${"a1b2c3d4".repeat(247)}.png`; // 2,004 characters, no break opportunity
const RTL = `${"صورة منارة على جرف عند الغسق 🌅🗼✨ ".repeat(12)}שקיעה מעל הים 🌊`;
const LONG_BOARD = `${"Campaign-assets-for-the-autumn-catalogue-".repeat(2)}`.slice(0, 80);
const LONG_TOKEN = "nightly-render-pipeline-for-the-catalogue-team-in-region-eu".slice(0, 60);
// Beta 2.0 takes 20,000 characters: CJK (3 bytes each in UTF-8) broken by unbroken runs of Latin.
const LONGEST = `${"夕暮れの断崖に立つ灯台".repeat(40)}${"x".repeat(600)}`.repeat(12).slice(0, 20_000);
const LONG_MEMBER = { name: `${"Maximiliana-Wilhelmina ".repeat(4)}وردة 🌹`.slice(0, 100), email: `hostile-${Date.now()}@example.com` };

/** A tiny PNG uploaded under a long right-to-left name: the task made from it shows the upload's URL. */
async function uploaded(page: Page): Promise<string> {
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const answer = await page.request.post("/api/uploads", {
    data: png,
    headers: { "content-type": "image/png", "x-file-name": encodeURIComponent(`${"منارة-".repeat(30)}.png`) },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { url: string }).url;
}

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
  const longest = await createTask(page.request, LONGEST, "beta-2.0", { mode: "text-to-video" });
  const fromUpload = await createTask(page.request, UNBROKEN.slice(0, 300), "gamma-5-pro", { image_urls: [await uploaded(page)] });
  const board = (await (
    await page.request.post("/api/boards", { data: { name: LONG_BOARD, taskIds: [unbroken, rtl, fromUpload] } })
  ).json()) as {
    board: { id: string };
  };
  const member = await page.request.post("/api/members", { data: { ...LONG_MEMBER, password: "hostile-e2e-password", role: "member" } });
  expect(member.status(), await member.text()).toBe(201);
  const memberId = ((await member.json()) as { member: { id: string } }).member.id;
  const token = await page.request.post("/api/settings/access-tokens", { data: { name: LONG_TOKEN, scope: "all" } });
  expect(token.status()).toBe(201);
  const tokenId = ((await token.json()) as { tokenInfo: { id: string } }).tokenInfo.id;
  for (const id of [unbroken, rtl, fromUpload]) await waitArchived(page.request, id);
  const shared = await page.request.post("/api/share-links", { data: { boardId: board.board.id, showPrompt: true } });
  expect(shared.status(), await shared.text()).toBe(201);
  const sharedPath = new URL(((await shared.json()) as { url: string }).url).pathname;
  const paths = [
    "/",
    "/generate",
    "/tasks",
    `/tasks/${unbroken}`,
    `/tasks/${rtl}`,
    `/tasks/${longest}`,
    `/tasks/${fromUpload}`,
    "/boards",
    `/boards/${board.board.id}`,
    "/compare",
    "/batches",
    "/batches/new",
    "/credits",
    "/settings",
    "/settings/members",
    sharedPath,
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
          await test.step(`${path} at ${width} px, ${scheme}`, async () => {
            await expectNoHorizontalScroll(page);
            await expectNoTextOverflow(page);
          });
        }
      }
    }
  } finally {
    await page.request.delete(`/api/boards/${board.board.id}`);
    await page.request.delete(`/api/settings/access-tokens/${tokenId}`);
    // Later specs count the team's active members.
    await page.request.patch(`/api/members/${memberId}`, { data: { disabled: true } });
  }
});
