// Issue 15: the gallery's first page comes with the HTML (React Query hydration), its first row of
// thumbnails loads first and the rest lazily, and live events still patch the cards it hydrated.
import type { Locator, Page } from "@playwright/test";
import { whileStatusReadsFail } from "./support/emulator";
import { expect, test } from "./support/fixtures";
import { createTask, hydrated, TasksPage, waitArchived } from "./support/tasks";

test.describe.configure({ mode: "serial" });
const tag = `fr${Date.now().toString(36)}`;

/** The cards of the server's HTML, in order: each one's task id and its <img> tag, if any. */
function cardsOf(html: string): { id: string; img: string | undefined }[] {
  return html
    .split('role="listitem"')
    .slice(1)
    .map((chunk) => ({ id: /data-task-id="([^"]+)"/.exec(chunk)?.[1] ?? "", img: /<img [^>]*>/.exec(chunk)?.[0] }));
}

test("the gallery's HTML, without JavaScript, holds the first cards; a phone's first row of thumbnails loads first", async ({ page }) => {
  const ids: string[] = [];
  for (let i = 0; i < 6; i += 1) ids.push(await createTask(page.request, `${tag} heron ${i}`));
  for (const id of ids) await waitArchived(page.request, id);
  // The page as curl gets it with the session cookie: no script runs, so the cards must be in the HTML.
  const response = await page.request.get("/tasks");
  expect(response.status()).toBe(200);
  const html = await response.text();
  // In the first piece of the HTML, not a streamed one: React shows a streamed piece no sooner than 300 ms after
  // the first paint, and the phone's largest picture (the first thumbnail) waited for it.
  expect(html).not.toMatch(/<div hidden id="S:[^"]*">[\s\S]*data-task-id=/);
  const cards = cardsOf(html);
  const ours = cards.filter((card) => ids.includes(card.id));
  expect(ours.map((card) => card.id)).toEqual([...ids].reverse());
  // Other specs' tasks share the gallery (some failed, some still running: no thumbnail); ours all have one.
  for (const card of ours) expect(card.img, card.id).toBeDefined();
  cards.forEach((card, index) => {
    if (!card.img) return;
    // Its size is reserved by its attributes (and the 4:3 box around it).
    expect(card.img).toMatch(/ width="480"/);
    expect(card.img).toMatch(/ height="\d+"/);
    // Phones take the 240 px thumbnail through srcset.
    expect(card.img).toMatch(/ srcset="[^"]*\?w=240 240w, [^"]* 480w"/i);
    // A phone's first row (EAGER_THUMBNAILS in task-grid.tsx); the rest wait to be near the screen.
    if (index < 2) {
      expect(card.img).toMatch(/ fetchpriority="high"/i);
      expect(card.img).not.toContain('loading="lazy"');
      // Decoded for the first frame that has it, not a frame after hydration's work.
      expect(card.img).toMatch(/ decoding="sync"/i);
    } else expect(card.img).toContain('loading="lazy"');
  });
});

test("a hydrated card is patched by a live update, with no request for the list", async ({ page }) => {
  // A server render the browser disagrees with is thrown away and rendered again (React's errors 418/423/425).
  const hydrationErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text())) hydrationErrors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/hydrat|#418|#423|#425/i.test(error.message)) hydrationErrors.push(error.message);
  });
  const listRequests: string[] = [];
  await page.route(/\/api\/tasks\?/, (route) => {
    listRequests.push(route.request().url());
    return route.abort();
  });
  const prompt = `${tag} crane, live`;
  const id = await createTask(page.request, prompt);
  // The page's event stream opens only once the task is done, as on a slow phone: the change made between the
  // server's render and the stream's opening must be replayed to it, not lost.
  await page.route(/\/api\/events/, async (route) => {
    await waitArchived(page.request, id);
    await route.continue();
  });
  const tasks = new TasksPage(page);
  const card = tasks.card(prompt);
  // It came with the page (the list API is unreachable here), before the emulator finished it (its status reads
  // answer 503 until the page is read, so a slow server cannot render it after the task ended)...
  await whileStatusReadsFail(page.request, async () => {
    await tasks.goto();
    await expect(card).toBeVisible();
    await expect(card).not.toContainText("Succeeded");
  });
  // ...and the event stream moves it on.
  await expect(card).toContainText("Succeeded", { timeout: 60_000 });
  expect(listRequests).toEqual([]);
  expect(hydrationErrors).toEqual([]);
});

test("a ?view= link renders on the server too: the lightbox opens in the HTML's page without a server error", async ({ page }) => {
  const id = await createTask(page.request, `${tag} egret, viewed`);
  await waitArchived(page.request, id);
  const response = await page.request.get(`/tasks?view=${id}:0`);
  expect(response.status()).toBe(200);
  // A component that throws while rendering on the server leaves React's error marker (its digest) in the HTML,
  // and the browser renders that part again from scratch.
  expect(await response.text()).not.toContain("data-dgst");
});

test("the task page shows an image fitted from its 1280 px WebP, first, and the original at 100%", async ({ page }) => {
  const id = await createTask(page.request, `${tag} ibis, fitted`);
  await waitArchived(page.request, id);
  // The largest picture is in the server's HTML (issue 28: the LCP), with its final URL, its size and first in line.
  const html = await (await page.request.get(`/tasks/${id}`)).text();
  const served = html.match(/<img [^>]*>/g)?.find((img) => img.includes(`src="/api/media/${id}/0/thumbnail?w=1280"`));
  expect(served).toBeDefined();
  expect(served).toMatch(/ fetchpriority="high"/i);
  expect(served).toMatch(/ width="\d+"/);
  expect(served).toMatch(/ height="\d+"/);
  await page.goto(`/tasks/${id}`);
  const zoom = page.getByRole("button", { name: /Image 1 of 1: fitted/ });
  const picture = zoom.locator("img");
  await expect(picture).toHaveAttribute("src", `/api/media/${id}/0/thumbnail?w=1280`);
  await expect(picture).toHaveAttribute("fetchpriority", "high");
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(480);
  await zoom.click();
  await expect(page.getByRole("button", { name: /Image 1 of 1: shown at 100%/ }).locator("img")).toHaveAttribute(
    "src",
    `/api/media/${id}/0`,
  );
});

test("the task page keeps the fitted picture's place while it loads: nothing below it moves when it arrives", async ({ page }) => {
  const id = await createTask(page.request, `${tag} egret, late`);
  await waitArchived(page.request, id);
  // The picture is held back until the rest of the page has settled, as on a slow phone, then let through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/media/${id}/0/thumbnail?w=1280`, async (route) => {
    await held;
    await route.continue();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  // Not until "load": that waits for the picture, which is held until the page is measured.
  await page.goto(`/tasks/${id}`, { waitUntil: "domcontentloaded" });
  const zoom = page.getByRole("button", { name: /Image 1 of 1: fitted/ });
  const picture = zoom.locator("img");
  // Settled: the fonts are in and React has hydrated the picture's button (it carries React's fiber then).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await hydrated(zoom);
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(false); // still held
  const before = await boxesFrom(picture);
  // The box had the picture's size before the file came (1024×1024: as wide as the column, as tall as wide).
  expect(Math.abs(before[0]!.width - before[0]!.height), JSON.stringify(before[0])).toBeLessThan(2);
  release();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await boxesFrom(picture), "the picture and everything after it keep their boxes").toEqual(before);
});

/** The box of `element` and of the visible elements after it in the page (at most 40), each with its name. */
function boxesFrom(element: Locator) {
  return element.evaluate((start) => {
    const after = [...document.querySelectorAll("body *")].filter(
      (other) => start.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING && !start.contains(other),
    );
    return [start, ...after]
      .map((node) => ({ node, rect: node.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && rect.height > 0)
      .slice(0, 41)
      .map(({ node, rect }) => ({
        name: `${node.tagName.toLowerCase()}.${node.className}`.slice(0, 60),
        x: Math.round(rect.x),
        y: Math.round(rect.y + window.scrollY),
        width: Math.round(rect.width),
        height: Math.round(rect.height),
      }));
  });
}

/** What moved on the page since it opened: each layout shift's score and the elements it moved (without input). */
interface Shift {
  value: number;
  sources: { node: string; from: string; to: string }[];
}

interface Size {
  name: string;
  width: number;
  height: number;
}
const DESKTOP: Size = { name: "a desktop's size", width: 1350, height: 940 };
// Lighthouse's phone. On it the gallery's header grew by the "Notify me" switch as the page hydrated (0.017).
const PHONE: Size = { name: "a phone's size", width: 412, height: 823 };

// Issue 28: Lighthouse read a desktop CLS of 0.026 on the workspace and the gallery. Every layout shift from the
// first paint until the page has settled (fonts in, hydrated, its lazy parts and images loaded) is summed.
for (const { name, path, settled, queuePaused = false } of [
  {
    name: "the workspace",
    path: "/generate",
    settled: async (page: Page) => {
      // Beside the form on a desktop; on a phone far below it, and loaded only when it comes near the screen.
      if (page.viewportSize()!.width > PHONE.width) await expect(page.getByRole("heading", { name: "Your recent results" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: /Prompt/ })).toBeVisible();
    },
  },
  {
    name: "the gallery",
    path: "/tasks",
    settled: async (page: Page) => {
      await expect(page.getByRole("listitem").first()).toBeVisible();
      await expect(page.getByRole("heading", { name: /Waiting to be sent/ })).toBeVisible();
    },
    // With the queue paused, its panel sits above the cards: it came after hydration and pushed them down 286 px.
    queuePaused: true,
  },
]) {
  for (const size of [DESKTOP, PHONE])
    test(`${name} does not shift while it loads at ${size.name}`, async ({ page }) => {
      // Results with thumbnails, in both the gallery and this member's recent results.
      const ids = [await createTask(page.request, `${tag} stork, steady`), await createTask(page.request, `${tag} stork, still`)];
      for (const id of ids) await waitArchived(page.request, id);
      if (queuePaused) {
        await setQueuePaused(page, true);
        // The panel is in the server's HTML (its code loads only when the queue shows; see lazy-queue-strip.tsx).
        expect(await (await page.request.get(path)).text()).toContain("Waiting to be sent");
      }
      // A browser that can notify, as Lighthouse's is (Chromium's headless shell has no Notification): the
      // gallery's "Notify me" switch is in its header.
      await page.addInitScript(() => {
        if ("Notification" in window) return;
        const permission: NotificationPermission = "default";
        Object.defineProperty(window, "Notification", { value: { permission, requestPermission: () => Promise.resolve(permission) } });
      });
      try {
        await expectSteadyLoad(page, path, settled, size);
      } finally {
        if (queuePaused) await setQueuePaused(page, false);
      }
    });
}

/** Opens the page at the given size and sums every layout shift until it has settled: at most 0.02. */
async function expectSteadyLoad(page: Page, path: string, settled: (page: Page) => Promise<void>, size: Size) {
  await page.setViewportSize(size);
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${String(node.className).slice(0, 80)} "${node.textContent?.slice(0, 40)}"`
        : String(node);
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => ({
            node: describe(source.node),
            from: box(source.previousRect),
            to: box(source.currentRect),
          })),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(path);
  await settled(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // What is on the screen has loaded: its pictures (lazy ones further down never load without a scroll, and an
  // earlier spec's many results reach far down) and no placeholder is left in view.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const inView = (element: Element) => {
          const rect = element.getBoundingClientRect();
          return rect.bottom > 0 && rect.top < window.innerHeight;
        };
        return (
          [...document.images].filter(inView).every((img) => img.complete) && ![...document.querySelectorAll(".animate-pulse")].some(inView)
        );
      }),
    )
    .toBe(true);
  // Layout-shift entries are queued to observers: a frame after the last change they have all been delivered.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.02);
}

async function setQueuePaused(page: Page, paused: boolean) {
  expect((await page.request.put("/api/queue/state", { data: { paused } })).ok()).toBe(true);
}

// Issue 28: a page's first Intl call loads the browser's locale data, 10 to 15 ms of one core inside hydration's
// task (×4 on Lighthouse's phone). Every figure, date and age these pages write as they load is written without it
// (lib/format.ts, lib/dates.ts, task-format.ts's age), so none may call it; only a date in a team's named time zone
// (a budget's period, once a budget exists) still takes Intl.
test("the pages people open first make no Intl call while they load", async ({ page }) => {
  const id = await createTask(page.request, `${tag} egret, counted`);
  await waitArchived(page.request, id);
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { intlCalls: string[] }).intlCalls = calls;
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
    for (const name of ["NumberFormat", "DateTimeFormat", "RelativeTimeFormat", "PluralRules", "Collator", "ListFormat"]) {
      const real = intl[name]!;
      intl[name] = new Proxy(real, {
        construct: (target, args) => {
          // A date in a named zone (a team budget's period, lib/budgets/period.ts) needs Intl's zone data.
          const named = name === "DateTimeFormat" && Boolean((args[1] as Intl.DateTimeFormatOptions | undefined)?.timeZone);
          if (!named) calls.push(`Intl.${name}`);
          return Reflect.construct(target, args) as object;
        },
      });
    }
    const methods: [object, string][] = [
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [String.prototype, "localeCompare"],
    ];
    for (const [prototype, name] of methods) {
      const real = (prototype as Record<string, (...args: unknown[]) => unknown>)[name]!;
      (prototype as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        calls.push(name);
        return real.apply(this, args);
      };
    }
  });
  await page.setViewportSize(PHONE);
  for (const path of ["/generate", "/tasks", `/tasks/${id}`, "/credits", "/"]) {
    await page.goto(path);
    await hydrated(page.getByRole("heading", { level: 1 }));
    // The gallery's clock has ticked: its cards say how old they are.
    if (path === "/tasks") await expect(page.locator("article time").first()).not.toBeEmpty();
    expect(await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls), path).toEqual([]);
  }
});
