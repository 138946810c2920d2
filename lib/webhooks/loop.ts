import "server-only";
import type { Connection } from "@/lib/db/connect";
import { log } from "@/lib/log";
import { deliverDueWebhooks } from "./deliver";

// Started beside the task engine (lib/tasks/engine/loop.ts), on its own timer: a webhook that takes its full
// 10 s to answer never holds up a poll or a dispatch. Deliveries are leased in the database, so every
// instance that runs the engine may run this too.

export const WEBHOOK_TICK_MS = 5_000;

const KEY = Symbol.for("darkroom.webhooks");
const holder = globalThis as typeof globalThis & { [KEY]?: NodeJS.Timeout };

export function startWebhookDelivery(connection: Connection, owner: string): void {
  if (holder[KEY]) return;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await deliverDueWebhooks(connection.db, { owner });
    } catch (error) {
      log.error({ err: error }, "webhook delivery tick failed");
    } finally {
      busy = false;
    }
  };
  holder[KEY] = setInterval(() => void tick(), WEBHOOK_TICK_MS);
  holder[KEY].unref();
}
