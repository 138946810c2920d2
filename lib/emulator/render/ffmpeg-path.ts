import { accessSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

let cached: string | undefined;

/** Prefers the system ffmpeg (newer, patched); the npm static binary keeps a bare machine working. */
export function ffmpegPath(): string {
  cached ??= findOnPath("ffmpeg") ?? installerPath();
  return cached;
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

function installerPath(): string {
  // Loaded lazily: the package throws at import time on platforms it has no binary for.
  const require = createRequire(import.meta.url);
  const installer = require("@ffmpeg-installer/ffmpeg") as { path: string };
  return installer.path;
}
