import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Debian's Chromium when present (CI installs it); never a downloaded browser. Elsewhere, Playwright's own.
const systemChromium = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const port = 3100;
const dataDir = path.join(os.tmpdir(), "darkroom-e2e-data");

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
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
      EMULATOR_PORT: "4110",
      EMULATOR_IMAGE_SECONDS: "2",
      EMULATOR_VIDEO_SECONDS: "4",
      EMULATOR_REFUND_SECONDS: "3",
      GENERATION_API_BASE_URL: "",
      GENERATION_API_KEY: "",
    },
  },
});
