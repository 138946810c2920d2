import "server-only";
import type { Connection } from "@/lib/db/connect";
import type { UpstreamClient } from "@/lib/upstream/client";
import type { TaskEvent } from "./events";

/** What the dispatcher and poller work with; tests build one against the emulator with their own clock. */
export interface Engine {
  connection: Connection;
  client: UpstreamClient;
  /** The rate budget's name for the API key (a hash). */
  keyId: string;
  mediaDir: string;
  plan: "free" | "paid" | "lifetime";
  now: () => Date;
  /** Names this process in leases. */
  owner: string;
  publish: (event: TaskEvent) => void;
}

export const POLL_INTERVAL_MS = 5_000;
export const DEADLINE_MS = 30 * 60_000;
export const CONCURRENCY = { image: 5, video: 3 } as const;

export const later = (engine: Engine, ms: number) => new Date(engine.now().getTime() + ms).toISOString();
