// `npm run screenshots`: starts the built app with its embedded emulator (as playwright.config.ts does, on a
// fresh data folder), shoots the first-run page, sets up an admin, a second member and a team budget, makes a few
// tasks (one of them fails), and writes PNGs of every page at phone, laptop and wide widths in light and dark into
// screenshots/ (ignored by git): sign-in and first run, Overview, Generate with an image and a video model, the
// gallery (its queue panel listing a script's submission cancelled when its token was revoked), a succeeded and a
// failed task's page, a video's "Use last frame" choice, a task made from an upload and an earlier result (its
// lineage), Generate after Use as input, the lightbox, Compare and a comparison, Batches (the list, a new batch
// with its preview, a batch paused part-way with a failed row), Credits (with a script's task
// through an access token), Settings and Members; and, with no session, the share pages of a board and of a task.
// Ports: SCREENSHOTS_PORT (default 3162) and SCREENSHOTS_EMULATOR_PORT (default 4162). SCREENSHOTS_ONLY=task-upload,…
// takes only the shots named (each at every width and scheme).
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM } from "@/bench/app-server";

const port = Number(process.env.SCREENSHOTS_PORT ?? 3162);
const emulatorPort = process.env.SCREENSHOTS_EMULATOR_PORT ?? "4162";
const base = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `darkroom-screenshots-${port}`);
const outDir = path.resolve("screenshots");
const only = process.env.SCREENSHOTS_ONLY?.split(",").filter(Boolean);
const ADMIN = { name: "Ada Admin", email: "ada@example.com", password: "screenshots-password" };

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1280, height: 800 },
  { name: "wide", width: 1920, height: 1080 },
] as const;
const SCHEMES = ["light", "dark"] as const;

const TASKS = [
  { model: "delta-image-2", prompt: "Two paper boats drifting on a still pond at sunrise, soft mist", n: 2 },
  { model: "gamma-5-pro", prompt: "A lighthouse on a basalt cliff under a violet dusk sky", aspect_ratio: "16:9" },
  { model: "alpha-2.3", prompt: "A slow dolly shot through a greenhouse full of ferns", duration: 6 },
  { model: "delta-image-2", prompt: "Macro photo of frost on a red maple leaf" },
  { model: "gamma-5-pro", prompt: "An isometric city block made of cardboard, studio light" },
  // The emulator fails a prompt that carries [[fail]]: the failed task's page and its error code.
  { model: "delta-image-2", prompt: "A cracked porcelain vase on a windowsill [[fail]]" },
] as const;
const VIDEO_TASK = 2;
const FAILED_TASK = TASKS.length - 1;

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function startApp() {
  // Its own process group, so stopping it stops the emulator and next-server it starts too.
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/launcher/start.ts"], {
    detached: true,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMULATOR_PORT: emulatorPort,
      EMULATOR_IMAGE_SECONDS: "2",
      EMULATOR_VIDEO_SECONDS: "4",
      EMULATOR_REFUND_SECONDS: "3",
      GENERATION_API_BASE_URL: "",
      GENERATION_API_KEY: "",
    },
  });
  return () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  };
}

async function makeTasks(
  request: APIRequestContext,
  tasks: readonly ({ model: string } & Record<string, unknown>)[] = TASKS,
): Promise<string[]> {
  const ids: string[] = [];
  for (const { model, ...rest } of tasks) {
    const submissionId = crypto.randomUUID();
    const response = await request.post("/api/generations", { data: { submissionId, request: { model, ...rest } } });
    if (response.status() !== 202) throw new Error(`submission refused: ${response.status()} ${await response.text()}`);
    let taskId: string | null = null;
    for (let tries = 0; !taskId && tries < 80; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      taskId = ((await (await request.get(`/api/submissions/${submissionId}`)).json()) as { submission: { taskId: string | null } })
        .submission.taskId;
    }
    if (!taskId) throw new Error(`submission ${submissionId} was not sent`);
    ids.push(taskId);
  }
  for (const id of ids) {
    for (let tries = 0; tries < 120; tries++) {
      const task = ((await (await request.get(`/api/tasks/${id}`)).json()) as { task: { status: string } }).task;
      if (task.status === "succeeded" || task.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return ids;
}

interface Shot {
  file: string;
  path: string;
  /** The heading that says the page is there. */
  ready: string;
  full: boolean;
  /** What to do on the page before the picture (choose a model, say). */
  then?: (page: Page) => Promise<void>;
}

/** A board of the tasks that succeeded, last first (boards keep the order people choose). */
async function makeBoard(request: APIRequestContext, ids: string[]): Promise<string> {
  const taskIds = ids.filter((_, index) => index !== FAILED_TASK).reverse();
  const response = await request.post("/api/boards", { data: { name: "Heron campaign", taskIds } });
  if (response.status() !== 201) throw new Error(`board refused: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { board: { id: string } }).board.id;
}

/** A square upload and an earlier result, both used as references: a task whose lineage shows each. */
async function uploadTask(request: APIRequestContext, ids: string[]): Promise<string> {
  const png = await sharp({ create: { width: 512, height: 512, channels: 3, background: "#d97706" } })
    .composite([{ input: Buffer.from('<svg width="512" height="512"><circle cx="256" cy="256" r="160" fill="#1e3a8a"/></svg>') }])
    .png()
    .toBuffer();
  const upload = await request.post("/api/uploads", { data: png, headers: { "content-type": "image/png", "x-file-name": "sketch.png" } });
  if (upload.status() !== 201) throw new Error(`upload refused: ${upload.status()} ${await upload.text()}`);
  const { url } = (await upload.json()) as { url: string };
  const [id] = await makeTasks(request, [
    { model: "gamma-5-pro", prompt: "The lighthouse redrawn from a pencil sketch", image_urls: [url, `/api/media/${ids[1]}/0`] },
  ]);
  return id!;
}

/** Share links, with their prompts, to the board and to the first task: the pages a client opens with no account. */
async function shareLinks(request: APIRequestContext, boardId: string, taskId: string): Promise<Shot[]> {
  const make = async (data: Record<string, unknown>) => {
    const made = await request.post("/api/share-links", { data: { ...data, showPrompt: true } });
    if (made.status() !== 201) throw new Error(`share link refused: ${made.status()} ${await made.text()}`);
    return new URL(((await made.json()) as { url: string }).url).pathname;
  };
  return [
    { file: "share-board", path: await make({ boardId }), full: true, ready: "Heron campaign" },
    { file: "share-task", path: await make({ taskIds: [taskId] }), full: true, ready: TASKS[0].prompt },
  ];
}

/** Every page a signed-in admin sees, in the states the tasks made. */
function signedInShots(ids: string[], comparisonId: string, boardId: string, fromUpload: string, batchId: string): Shot[] {
  return [
    { file: "overview", path: "/", full: true, ready: "Overview" },
    // "Your recent results" loads as it nears the screen (below the form on a phone): the scroll through loads it.
    { file: "workspace", path: "/generate", full: true, ready: "Generate" },
    {
      file: "workspace-video",
      path: "/generate",
      full: true,
      ready: "Generate",
      then: async (page) => {
        await page.getByRole("radio", { name: "Alpha 2.3", exact: true }).check();
        await page.getByRole("radio", { name: "Alpha 2.3", exact: true }).blur();
      },
    },
    { file: "gallery", path: "/tasks", full: true, ready: "Tasks" },
    // A date filter set opens "More filters" by itself: the date fields, one filled and one empty.
    {
      file: "gallery-filters",
      path: `/tasks?from=${encodeURIComponent(new Date(Date.now() - 7 * 86_400_000).toISOString())}`,
      full: true,
      ready: "Tasks",
    },
    { file: "task", path: `/tasks/${ids[0]}`, full: true, ready: "Task" },
    { file: "task-video", path: `/tasks/${ids[VIDEO_TASK]}`, full: true, ready: "Task" },
    // "Use last frame" asks where the frame goes before anything is made.
    {
      file: "task-video-last-frame",
      path: `/tasks/${ids[VIDEO_TASK]}`,
      full: false,
      ready: "Task",
      then: async (page) => {
        await page.getByRole("button", { name: "Use last frame", exact: true }).click();
        await page.getByRole("dialog", { name: "Use the last frame" }).waitFor();
      },
    },
    { file: "task-failed", path: `/tasks/${ids[FAILED_TASK]}`, full: true, ready: "Task" },
    // Made from an upload and an earlier result: its lineage pictures both.
    { file: "task-upload", path: `/tasks/${fromUpload}`, full: true, ready: "Task" },
    // Use as input from the lighthouse's page: the notice names it, and only the model it lands on is chosen.
    {
      file: "workspace-use-as-input",
      path: `/tasks/${ids[1]}`,
      full: false,
      ready: "Task",
      then: async (page) => {
        await page.getByRole("link", { name: "Use as input", exact: true }).first().click();
        await page
          .getByRole("status")
          .filter({ hasText: /^Using / })
          .waitFor();
      },
    },
    { file: "lightbox", path: `/tasks?view=${ids[0]}`, full: false, ready: "Settings" },
    { file: "compare", path: "/compare", full: true, ready: "Compare" },
    // From the workspace: its model ticked with its settings, another model ticked with its settings opened.
    {
      file: "compare-settings",
      path: `/compare?${new URLSearchParams({ model: "gamma-5-pro", prompt: "a lighthouse", settings: JSON.stringify({ quality: "high" }) })}`,
      full: true,
      ready: "Compare",
      then: async (page) => {
        await page.getByRole("checkbox", { name: /^Epsilon v6/ }).check();
        await page.locator("summary", { hasText: "Settings of Epsilon v6" }).click();
        await page.getByRole("radiogroup", { name: "Quality", exact: true }).waitFor();
      },
    },
    { file: "comparison", path: `/compare/${comparisonId}`, full: true, ready: "Comparison" },
    { file: "batches", path: "/batches", full: true, ready: "Batches" },
    // A pasted catalogue sheet, its prompt template from two columns, and the server's preview of it.
    {
      file: "batch-new",
      path: "/batches/new",
      full: true,
      ready: "New batch",
      then: async (page) => {
        await page.getByLabel("Or paste the file's text").fill(BATCH_CSV);
        await page.getByLabel("Model").selectOption("gamma-5-pro");
        await page.getByRole("textbox", { name: "Prompt (required)", exact: true }).fill("A studio photo of {{product}} on {{background}}");
        await page.getByLabel("Key column").selectOption("sku");
        await page.getByRole("button", { name: "Preview" }).click();
        await page.getByTestId("batch-preview").waitFor();
      },
    },
    {
      file: "batch",
      path: `/batches/${batchId}`,
      full: true,
      ready: "Autumn catalogue",
      then: async (page) => {
        await page
          .getByRole("table", { name: "Rows of the batch" })
          .getByText(/^Paused$/)
          .first()
          .waitFor();
      },
    },
    { file: "boards", path: "/boards", full: true, ready: "Boards" },
    { file: "board", path: `/boards/${boardId}`, full: true, ready: "Heron campaign" },
    { file: "credits", path: "/credits", full: true, ready: "Credits" },
    { file: "settings", path: "/settings", full: true, ready: "Settings" },
    { file: "members", path: "/settings/members", full: true, ready: "Members" },
  ];
}

const signInShot: Shot = { file: "sign-in", path: "/sign-in", full: true, ready: "Sign in to Darkroom" };
const setupShot: Shot = { file: "first-run", path: "/setup", full: true, ready: "Set up Darkroom" };

async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo(0, 0);
  });
}

/** Each shot at every width and scheme, with the given cookies (none: signed out). */
async function shoot(browser: Browser, state: string | undefined, shots: Shot[]): Promise<number> {
  let count = 0;
  for (const { name, width, height } of WIDTHS) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({
        baseURL: base,
        ...(state ? { storageState: JSON.parse(state) as never } : {}),
        viewport: { width, height },
        colorScheme: scheme,
        reducedMotion: "reduce",
        isMobile: width < 500,
        hasTouch: width < 500,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      for (const shot of shots.filter((each) => !only || only.includes(each.file))) {
        await page.goto(shot.path);
        await page.getByRole("heading", { name: shot.ready, exact: true }).first().waitFor({ timeout: 20_000 });
        await shot.then?.(page);
        if (shot.full) {
          // Thumbnails are lazy: scroll once through a full-page shot so those below the first screen load too,
          // then wait until every image has loaded.
          await scrollThrough(page);
          // Sections laid out only as they come near the screen (render-when-near: content-visibility) are drawn as
          // a reader scrolls to them; a full-page picture is taken without scrolling there, so they are drawn at once.
          await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
        }
        await page.waitForLoadState("networkidle").catch(() => undefined);
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(outDir, `${shot.file}-${name}-${scheme}.png`), fullPage: shot.full });
        count += 1;
      }
      await context.close();
    }
  }
  return count;
}

async function main(): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const stop = startApp();
  const browser = await chromium.launch(CHROMIUM);
  try {
    await waitFor(`${base}/api/health`, 300_000);
    const started = Date.now();
    // First run: only reachable before the first admin exists.
    let count = await shoot(browser, undefined, [setupShot]);
    const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
    const page = await context.newPage();
    await page.goto("/setup");
    await page.getByLabel("Your name").fill(ADMIN.name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Create admin account" }).click();
    await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
    await setUpTeam(context.request);
    const ids = await makeTasks(context.request);
    const comparisonId = await makeComparison(context.request);
    const boardId = await makeBoard(context.request, ids);
    const fromUpload = await uploadTask(context.request, ids);
    const shared = await shareLinks(context.request, boardId, ids[0]!);
    await scriptTask(context.request);
    await withdrawnTask(context.request);
    const batchId = await makeBatch(context.request);
    const state = JSON.stringify(await context.storageState());
    await context.close();
    count += await shoot(browser, state, signedInShots(ids, comparisonId, boardId, fromUpload, batchId));
    count += await shoot(browser, undefined, [signInShot, ...shared]);
    console.log(`screenshots: ${count} PNGs in ${path.relative(process.cwd(), outDir)}/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await browser.close();
    stop();
  }
}

/** One prompt to two image models and a video model (Compare), waited for until every column has its result. */
async function makeComparison(request: APIRequestContext): Promise<string> {
  const comparisonId = crypto.randomUUID();
  const columns = [
    { model: "gamma-5-pro", settings: { quality: "high", aspect_ratio: "16:9" } },
    { model: "delta-image-2" },
    { model: "epsilon-v6", settings: { mode: "text-to-video", quality: "360p", duration: 1 } },
  ];
  const made = await request.post("/api/comparisons", { data: { comparisonId, prompt: "a lighthouse on a cliff in a storm", columns } });
  if (made.status() !== 201) throw new Error(`comparison refused: ${made.status()} ${await made.text()}`);
  for (let tries = 0; tries < 240; tries++) {
    const { comparison } = (await (await request.get(`/api/comparisons/${comparisonId}`)).json()) as {
      comparison: { columns: { task: { status: string } | null }[] };
    };
    if (comparison.columns.every((column) => column.task?.status === "succeeded" || column.task?.status === "failed")) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return comparisonId;
}

const BATCH_CSV = [
  "sku,product,background",
  ...["walnut desk lamp", "linen armchair", "ceramic vase", "brass wall clock", "wool throw", "oak side table"].flatMap((product, i) =>
    ["a marble counter", "a sunlit windowsill", "[[fail]] a concrete floor"]
      .slice(0, i === 2 ? 3 : 2)
      .map((background, j) => `SKU-${100 + i * 3 + j},${product},${background}`),
  ),
].join("\n");

/**
 * A catalogue batch with one failing row, paused part-way: succeeded, failed, running and paused rows at once.
 * It spends most of the team's daily budget, so the new batch's preview of the same sheet shows what fits.
 */
async function makeBatch(request: APIRequestContext): Promise<string> {
  const batchId = crypto.randomUUID();
  const batch = {
    batchId,
    name: "Autumn catalogue",
    format: "csv",
    recipe: { model: "gamma-5-pro", fields: { prompt: "A studio photo of {{product}} on {{background}}" }, key: "sku" },
  };
  const made = await request.post("/api/batches", {
    multipart: { batch: JSON.stringify(batch), file: { name: "autumn.csv", mimeType: "text/csv", buffer: Buffer.from(BATCH_CSV) } },
  });
  if (!made.ok()) throw new Error(`batch refused: ${made.status()} ${await made.text()}`);
  const id = ((await made.json()) as { batch: { id: string } }).batch.id;
  for (let tries = 0; tries < 240; tries++) {
    const view = (await (await request.get(`/api/batches/${id}`)).json()) as { counts: Record<string, number> };
    if (view.counts.succeeded! + view.counts.failed! >= 5) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const paused = await request.post(`/api/batches/${id}/pause`);
  if (!paused.ok()) throw new Error(`pause refused: ${paused.status()} ${await paused.text()}`);
  return id;
}

/** A second member and a daily team budget, so Members and Credits show rows rather than their empty states. */
async function setUpTeam(request: APIRequestContext): Promise<void> {
  const member = await request.post("/api/members", {
    data: { name: "Grace Member", email: "grace@example.com", password: "screenshots-password-2", role: "member" },
  });
  if (!member.ok()) throw new Error(`member refused: ${member.status()} ${await member.text()}`);
  const budget = await request.put("/api/budgets", { data: { scope: "team", period: "day", limit: 1000 } });
  if (!budget.ok()) throw new Error(`budget refused: ${budget.status()} ${await budget.text()}`);
}

/** A task made by a script through the gateway with an access token: Credits' "Through access tokens" table. */
async function scriptTask(request: APIRequestContext): Promise<void> {
  const made = await request.post("/api/settings/access-tokens", { data: { name: "nightly renders", scope: "all" } });
  if (made.status() !== 201) throw new Error(`token refused: ${made.status()} ${await made.text()}`);
  const headers = { authorization: `Bearer ${((await made.json()) as { token: string }).token}` };
  const created = await request.post("/v1/images/generations", {
    headers: { ...headers, "idempotency-key": "screenshots-1" },
    data: { model: "gamma-5-pro", prompt: "A night train crossing a viaduct in the snow" },
  });
  if (created.status() !== 202) throw new Error(`script task refused: ${created.status()} ${await created.text()}`);
  const id = ((await created.json()) as { id: string }).id;
  for (let tries = 0; tries < 120; tries++) {
    const task = (await (await request.get(`/v1/tasks/${id}`, { headers })).json()) as { status: string };
    if (task.status === "succeeded" || task.status === "failed") return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`script task ${id} did not finish`);
}

/**
 * A script's submission cancelled before it was sent (its token revoked while the queue was paused): the gallery's
 * queue panel lists it under "Cancelled before sending", with its reason, for a day.
 */
async function withdrawnTask(request: APIRequestContext): Promise<void> {
  const grace = await request.post("/api/settings/access-tokens", { data: { name: "catalogue import", scope: "all" } });
  if (grace.status() !== 201) throw new Error(`token refused: ${grace.status()} ${await grace.text()}`);
  const { token, tokenInfo } = (await grace.json()) as { token: string; tokenInfo: { id: string } };
  await request.put("/api/queue/state", { data: { paused: true } });
  const created = await request.post("/v1/images/generations", {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": "screenshots-withdrawn" },
    data: { model: "gamma-5-pro", prompt: "A catalogue shot of a walnut desk lamp, three-quarter view" },
  });
  if (created.status() !== 202) throw new Error(`script task refused: ${created.status()} ${await created.text()}`);
  await request.delete(`/api/settings/access-tokens/${tokenInfo.id}`);
  await request.put("/api/queue/state", { data: { paused: false } });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
