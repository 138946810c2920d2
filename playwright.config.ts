import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM } from "./bench/app-server";
import { ADMIN_STATE } from "./e2e/support/accounts";

// Debian's Chromium when present (CI installs it); never a downloaded browser. Elsewhere, Playwright's own.
// Ports, and with them the data and output folders, can be moved (E2E_PORT, E2E_EMULATOR_PORT) so two runs on
// one machine do not collide (two shards side by side with --shard, say).
const port = Number(process.env.E2E_PORT ?? 3100);
const emulatorPort = process.env.E2E_EMULATOR_PORT ?? "4110";
const dataDir = path.join(os.tmpdir(), `darkroom-e2e-data-${port}`);
// Chromium's headless shell when present (Debian's chromium-headless-shell, which .ci/run installs): the same
// Blink and V8 as the browser without its UI's processes. The three lanes of `npm test` used 508 CPU s with it
// against 805 with /usr/bin/chromium. The benches keep the full browser, as people run it.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "e2e",
  outputDir: path.join("test-results", String(port)),
  // A hang detector, not a speed test: on a busy two-core machine (CI runs vitest beside this) a test that loads
  // several pages and runs axe twice took over a minute.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // One server and one database for the whole run: the projects below run in a fixed order, one test at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report feeds scripts/test-times.mjs (each spec's seconds).
  reporter: [["list"], ["json", { outputFile: path.join(".test-logs", `playwright-${port}.json`) }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Darkroom refuses state-changing requests that do not say they come from its own origin (CSRF). The
    // browser says so itself (Sec-Fetch-Site); the tests' direct API calls (page.request) say it here.
    extraHTTPHeaders: { origin: `http://localhost:${port}` },
    // A trace records a screencast and DOM snapshots of every step of every test, kept only on failure: the
    // browser's largest CPU cost in the suite. Off unless asked for (E2E_TRACE=1 npm run test:e2e -- <spec>).
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // Dialogs and menus open without transitions, so nothing is checked half-faded.
    reducedMotion: "reduce",
    // Debian's Chromium (its headless shell when present) with the flags these machines need.
    launchOptions: existsSync(HEADLESS_SHELL) ? { ...CHROMIUM, executablePath: HEADLESS_SHELL } : CHROMIUM,
  },
  projects: [
    // The fresh database has nobody in it: set up the first admin and keep their session for the rest.
    // E2E_FIRST_RUN=setup-only (the lanes of `npm test` but the first, scripts/test.mjs): only that setup, tagged
    // @setup. The spec's other checks would prove the same again on each lane's equally fresh database.
    {
      name: "first-run",
      testMatch: "first-run.spec.ts",
      grep: process.env.E2E_FIRST_RUN === "setup-only" ? /@setup/ : undefined,
    },
    // Everything else runs as that admin unless a test signs in as someone else.
    { name: "team", testIgnore: "first-run.spec.ts", dependencies: ["first-run"], use: { storageState: ADMIN_STATE } },
  ],
  webServer: {
    // The same launcher as `npm start`, on its own ports and a fresh data folder, with quick emulator tasks.
    command: `rm -rf "${dataDir}" && node --conditions=react-server --import tsx lib/launcher/start.ts`,
    url: `http://localhost:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMULATOR_PORT: emulatorPort,
      EMULATOR_IMAGE_SECONDS: "2",
      EMULATOR_VIDEO_SECONDS: "4",
      EMULATOR_REFUND_SECONDS: "3",
      // Flat cards and 8 frames a second: the same sizes, lengths and text, at a fraction of the rendering and archiving.
      EMULATOR_RENDER: "quick",
      GENERATION_API_BASE_URL: "",
      GENERATION_API_KEY: "",
      // A member who signed in through single sign-on is asked about at the provider at every fresh check of their
      // session, so e2e/sso.spec.ts sees a group removal end access within the session cache's 30 s.
      SSO_RECHECK_MINUTES: "0",
    },
  },
});
