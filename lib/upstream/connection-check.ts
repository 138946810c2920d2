import "server-only";
import type { Connection } from "@/lib/db/connect";
import { env } from "@/lib/env";
import { acquire, keyIdOf } from "@/lib/tasks/engine/rate-budget";
import { probeUpstream, type ProbeResult } from "./probe";

// The connection check costs one upstream request from the key's 120 a minute. It therefore goes through
// the shared rate budget (at low priority, so creations and polls always come first) and its answer is
// kept: pages reuse it for a minute, and the admins' "Test connection" button sends at most one request
// every 10 s however often it is pressed.
export const PAGE_MAX_AGE_MS = 60_000;
export const TEST_MAX_AGE_MS = 10_000;

export type CheckedProbe = ProbeResult & { checkedAt: string; cached: boolean };

interface Config {
  baseUrl: string | undefined;
  apiKey: string | undefined;
}

interface Held {
  result: ProbeResult & { checkedAt: string };
  at: number;
}

// Per process, on globalThis so the route bundle and the page bundle share it.
const KEY = Symbol.for("darkroom.connectionCheck");
const holder = globalThis as typeof globalThis & { [KEY]?: Map<string, Held | Promise<Held>> };
const held = () => (holder[KEY] ??= new Map());

export async function checkConnection({
  connection,
  maxAgeMs,
  config = { baseUrl: env.GENERATION_API_BASE_URL, apiKey: env.GENERATION_API_KEY },
  now = () => Date.now(),
}: {
  connection: Connection;
  maxAgeMs: number;
  config?: Config;
  now?: () => number;
}): Promise<CheckedProbe> {
  if (!config.baseUrl || !config.apiKey)
    return { ...(await probeUpstream(config)), checkedAt: new Date(now()).toISOString(), cached: false };
  const slot = `${config.baseUrl} ${keyIdOf(config.apiKey)}`;
  const previous = held().get(slot);
  if (previous instanceof Promise) return { ...(await previous).result, cached: true }; // one probe in flight at a time
  if (previous && now() - previous.at < maxAgeMs) return { ...previous.result, cached: true };

  const running = probeWithinBudget(connection, { baseUrl: config.baseUrl, apiKey: config.apiKey }, now).then((result) => ({
    result,
    at: now(),
  }));
  held().set(slot, running);
  try {
    const fresh = await running;
    held().set(slot, fresh);
    return { ...fresh.result, cached: false };
  } catch (error) {
    held().delete(slot);
    throw error;
  }
}

async function probeWithinBudget(connection: Connection, config: { baseUrl: string; apiKey: string }, now: () => number) {
  const taken = await acquire(connection, { keyId: keyIdOf(config.apiKey), priority: "low", now: new Date(now()) });
  if (!taken.ok) {
    const seconds = Math.ceil(taken.waitMs / 1000);
    return {
      state: "rate_limited" as const,
      message: `Not checked: the key's requests this minute are in use by generations; try again in ${seconds} s.`,
      checkedAt: new Date(now()).toISOString(),
    };
  }
  return { ...(await probeUpstream(config)), checkedAt: new Date(now()).toISOString() };
}

/** For tests: forget every kept answer. */
export function forgetConnectionChecks(): void {
  held().clear();
}
