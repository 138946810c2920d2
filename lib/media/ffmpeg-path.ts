import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

// Shared by the emulator (encoding) and the archive (poster frames). No server-only import: the emulator
// runs outside Next. It asks the system to run `ffmpeg` rather than reading PATH itself.

let cached: string | undefined;

/** Prefers the system ffmpeg (newer, patched); the npm static binary keeps a bare machine working. */
export function ffmpegPath(): string {
  cached ??= systemFfmpeg() ?? installerPath();
  return cached;
}

function systemFfmpeg(): string | undefined {
  const probe = spawnSync("ffmpeg", ["-hide_banner", "-version"], { stdio: "ignore", timeout: 5_000 });
  return probe.status === 0 ? "ffmpeg" : undefined;
}

function installerPath(): string {
  // Loaded lazily: the package throws at import time on platforms it has no binary for.
  const require = createRequire(import.meta.url);
  const installer = require("@ffmpeg-installer/ffmpeg") as { path: string };
  return installer.path;
}
