// `npm run screenshots`: starts the built app with its embedded emulator (as playwright.config.ts does, on a
// fresh data folder), sets up an admin, makes a few tasks, and writes PNGs of the workspace, gallery, lightbox
// and Overview at phone, laptop and wide widths in light and dark into screenshots/ (ignored by git).
// Ports: SCREENSHOTS_PORT (default 3162) and SCREENSHOTS_EMULATOR_PORT (default 4162).
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type APIRequestContext, type Browser } from "@playwright/test";
import { CHROMIUM } from "@/bench/app-server";

const port = Number(process.env.SCREENSHOTS_PORT ?? 3162);
const emulatorPort = process.env.SCREENSHOTS_EMULATOR_PORT ?? "4162";
const base = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `darkroom-screenshots-${port}`);
const outDir = path.resolve("screenshots");
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
] as const;

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

async function makeTasks(request: APIRequestContext): Promise<string[]> {
  const ids: string[] = [];
  for (const { model, ...rest } of TASKS) {
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

async function shoot(browser: Browser, state: string, pairId: string): Promise<number> {
  let count = 0;
  for (const { name, width, height } of WIDTHS) {
    for (const scheme of SCHEMES) {
      const context = await browser.newContext({
        baseURL: base,
        storageState: JSON.parse(state) as never,
        viewport: { width, height },
        colorScheme: scheme,
        reducedMotion: "reduce",
        isMobile: width < 500,
        hasTouch: width < 500,
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      const shots: { file: string; path: string; full: boolean; ready: string }[] = [
        { file: "overview", path: "/", full: true, ready: "Overview" },
        { file: "workspace", path: "/generate", full: true, ready: "Your recent results" },
        { file: "gallery", path: "/tasks", full: true, ready: "Tasks" },
        { file: "lightbox", path: `/tasks?view=${pairId}`, full: false, ready: "Settings" },
      ];
      for (const shot of shots) {
        await page.goto(shot.path);
        await page.getByRole("heading", { name: shot.ready, exact: true }).first().waitFor({ timeout: 20_000 });
        // Thumbnails are lazy: wait until every image in view has loaded.
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
    const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
    const page = await context.newPage();
    await page.goto("/setup");
    await page.getByLabel("Your name").fill(ADMIN.name);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Create admin account" }).click();
    await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
    const ids = await makeTasks(context.request);
    const state = JSON.stringify(await context.storageState());
    await context.close();
    const started = Date.now();
    const count = await shoot(browser, state, ids[0] ?? "");
    console.log(`screenshots: ${count} PNGs in ${path.relative(process.cwd(), outDir)}/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await browser.close();
    stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
