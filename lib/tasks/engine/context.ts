import "server-only";
import type { Connection } from "@/lib/db/connect";
import type { MediaStore } from "@/lib/media/store";
import type { UpstreamClient } from "@/lib/upstream/client";
import type { TaskEvent } from "@/lib/schemas/views";

/** What the dispatcher and poller work with; tests build one against the emulator with their own clock. */
export interface Engine {
  connection: Connection;
  client: UpstreamClient;
  /** The configured upstream: the archive fetches from its own origin even when that is a private address (the emulator). */
  upstreamBaseUrl: string;
  /** The rate budget's name for the API key (a hash). */
  keyId: string;
  /** Where results are archived (MEDIA_STORE). */
  media: MediaStore;
  plan: "free" | "paid" | "lifetime";
  now: () => Date;
  /** Names this process in leases. */
  owner: string;
  publish: (event: TaskEvent) => void;
}

export { CONCURRENCY, DEADLINE_MS, POLL_INTERVAL_MS } from "@/lib/schemas/views";

export const later = (engine: Engine, ms: number) => new Date(engine.now().getTime() + ms).toISOString();
