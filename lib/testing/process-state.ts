// What a test file may change of its worker's process, given back when the file ends (lib/testing/setup-env.ts):
// a vitest worker runs file after file in one process (vitest.config.ts, isolate: false).
import http from "node:http";
import { vi } from "vitest";

/** Notes the process as the file found it; the function answered puts it back. */
export function snapshotProcess(): () => void {
  const env = { ...process.env };
  // lib/launcher/front.mjs wraps every HTTP server's request event, as it must in the dashboard's process. Left in
  // place by front-body-limits.test.ts, it answered the next file's emulator and s3rver requests over 64 KiB
  // with the dashboard's 413.
  const serverEmit = http.Server.prototype.emit;
  return () => {
    http.Server.prototype.emit = serverEmit;
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
    Object.assign(process.env, env);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  };
}
