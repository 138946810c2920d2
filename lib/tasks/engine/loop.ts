import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { engineTicked } from "@/lib/metrics/record";
import { mediaStore } from "@/lib/media/store";
import { createUpstreamClient } from "@/lib/upstream/client";
import { startWebhookDelivery } from "@/lib/webhooks/loop";
import { dispatchOnce } from "./dispatch";
import type { Engine } from "./context";
import { publishTaskEvent } from "@/lib/events/bus";
import { pollOnce } from "./poll";
import { keyIdOf } from "./rate-budget";

// Short ticks so a poll goes out within a quarter second of being due; a tick with nothing due costs two small queries.
export const TICK_MS = 250;

interface Running {
  engine: Engine;
  tick: () => Promise<void>;
  timer: NodeJS.Timeout;
}

// On globalThis, so that the loop started by instrumentation.ts and the route handlers (bundled apart)
// see the same one, and a second start is a no-op.
const KEY = Symbol.for("darkroom.engine");
const holder = globalThis as typeof globalThis & { [KEY]?: Running };

export function buildEngine(): Engine | undefined {
  if (!env.GENERATION_API_BASE_URL || !env.GENERATION_API_KEY) return undefined;
  return {
    connection: database(),
    client: createUpstreamClient({ baseUrl: env.GENERATION_API_BASE_URL, apiKey: env.GENERATION_API_KEY }),
    upstreamBaseUrl: env.GENERATION_API_BASE_URL,
    keyId: keyIdOf(env.GENERATION_API_KEY),
    media: mediaStore(),
    plan: env.ACCOUNT_PLAN,
    now: () => new Date(),
    // Host and pid first, so an operator (or the scale harness) can tell which process holds a lease.
    owner: `${hostname()}:${process.pid}:${randomUUID()}`,
    publish: publishTaskEvent,
  };
}

/**
 * One round of the engine. Polls first: after a rate-limit pause, live tasks' polls take the budget
 * before a creation can spend it on another 429, so creations never starve them.
 */
export async function tickOnce(engine: Engine): Promise<void> {
  await pollOnce(engine);
  await dispatchOnce(engine);
}

/** Starts dispatching and polling in this process, once. State lives in the database, so a restart resumes. */
export function startEngine(): void {
  if (holder[KEY]) return;
  const engine = buildEngine();
  if (!engine) {
    log.warn("no upstream configured: tasks are recorded but not sent until GENERATION_API_BASE_URL and GENERATION_API_KEY are set");
    return;
  }
  let busy = false;
  const tick = async () => {
    if (busy) return; // a slow tick (a large download) is never overlapped by the next
    busy = true;
    try {
      await tickOnce(engine);
      engineTicked(new Date());
    } catch (error) {
      log.error({ err: error }, "task engine tick failed");
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  holder[KEY] = { engine, tick, timer };
  startWebhookDelivery(engine.connection, engine.owner);
  log.info("task engine started");
}

/** The engine running in this process, if any (routes use it for imports). */
export function currentEngine(): Engine | undefined {
  return holder[KEY]?.engine;
}

/** Runs a tick now (after a submission) instead of waiting up to a second. */
export function kickEngine(): void {
  void holder[KEY]?.tick();
}
