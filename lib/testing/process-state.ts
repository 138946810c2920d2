// What a test file may change of its worker's process, given back when the file ends (lib/testing/setup-env.ts):
// a vitest worker runs file after file in one process (vitest.config.ts, isolate: false).
import http from "node:http";
import { vi } from "vitest";

type Global = Record<string | symbol, unknown>;

/**
 * Darkroom's own per-process state, kept on globalThis because Next bundles its routes apart and they must share
 * it (`darkroom.*` symbols, `__darkroom*` names): the start state, the engine's loop, the webhook timer, the event
 * bus with its Postgres listener, caches, the upstream's clock skew. Each holds the database of the file that
 * made it; left in place, the next file read "started" before it started (health.test.ts).
 */
const darkroomKeys = () =>
  Reflect.ownKeys(globalThis).filter((key) =>
    typeof key === "symbol" ? key.description?.startsWith("darkroom.") : key.startsWith("__darkroom"),
  );

/** Stops what a piece of that state keeps running: a timer, the engine's loop timer, the bus's listener. */
async function stop(value: unknown): Promise<void> {
  if (typeof value !== "object" || value === null) return;
  const held = value as { timer?: NodeJS.Timeout; relay?: { close(): Promise<void> }; hasRef?: unknown };
  if (typeof held.hasRef === "function") clearInterval(value as NodeJS.Timeout);
  if (held.timer) clearInterval(held.timer);
  await held.relay?.close();
}

/** Notes the process as the file found it; the function answered puts it back. */
export function snapshotProcess(): () => Promise<void> {
  const env = { ...process.env };
  // lib/launcher/front.mjs wraps every HTTP server's request event, as it must in the dashboard's process. Left in
  // place by front-body-limits.test.ts, it answered the next file's emulator and s3rver requests over 64 KiB
  // with the dashboard's 413.
  const serverEmit = http.Server.prototype.emit;
  return async () => {
    http.Server.prototype.emit = serverEmit;
    for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
    Object.assign(process.env, env);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    const global = globalThis as unknown as Global;
    for (const key of darkroomKeys()) {
      await stop(global[key]);
      delete global[key];
    }
  };
}
