import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

// Shared by the emulator (encoding) and the archive (probing and poster frames). No server-only import: the
// emulator runs outside Next. It asks the system to run `ffmpeg` rather than reading PATH itself.

export interface MediaTools {
  ffmpeg: string;
  /** ffprobe of the same build, when there is one (Debian's ffmpeg package ships it; the npm build has none). */
  ffprobe: string | undefined;
}

let cached: MediaTools | undefined;

/**
 * Prefers the system ffmpeg (the distribution's, patched: it reads untrusted video from the upstream); the npm
 * static binary (a 2018 build) only keeps a bare machine working.
 */
export function mediaTools(): MediaTools {
  cached ??= systemTools() ?? { ffmpeg: installerPath(), ffprobe: undefined };
  return cached;
}

export const ffmpegPath = (): string => mediaTools().ffmpeg;

/** The build's version ("5.1.9-0+deb12u1"), or undefined when the command does not run. */
function versionOf(command: string): string | undefined {
  const run = spawnSync(command, ["-hide_banner", "-version"], { encoding: "utf8", timeout: 5_000 });
  return run.status === 0 ? (/ version (\S+)/.exec(run.stdout)?.[1] ?? "unknown") : undefined;
}

function systemTools(): MediaTools | undefined {
  const version = versionOf("ffmpeg");
  if (!version) return undefined;
  // Only the ffprobe of the same build: what it says a file is must be what this ffmpeg will read.
  return { ffmpeg: "ffmpeg", ffprobe: versionOf("ffprobe") === version ? "ffprobe" : undefined };
}

function installerPath(): string {
  // Loaded lazily: the package throws at import time on platforms it has no binary for.
  const require = createRequire(import.meta.url);
  const installer = require("@ffmpeg-installer/ffmpeg") as { path: string };
  return installer.path;
}
