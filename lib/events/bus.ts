import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { TaskEvent } from "@/lib/schemas/views";
import { startPostgresRelay, type Relay } from "./postgres";

export type { TaskEvent } from "@/lib/schemas/views";

interface Bus {
  emitter: EventEmitter;
  /** On Postgres: carries this instance's changes to the others and theirs to this one's pages. */
  relay?: Relay;
}

// One bus per process, on globalThis: Next bundles instrumentation and route handlers separately, so a
// module-level emitter would not be shared between the poller and the events route.
const KEY = Symbol.for("darkroom.taskEvents");
const holder = globalThis as typeof globalThis & { [KEY]?: Bus };

function bus(): Bus {
  if (holder[KEY]) return holder[KEY];
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open page
  const connection = database();
  // SQLite means one process: the in-process emitter is the whole bus. Postgres may mean several instances.
  const relay =
    connection.dialect === "postgres"
      ? startPostgresRelay({
          url: env.DATABASE_URL,
          db: connection.db,
          origin: randomUUID(),
          emit: (event) => emitter.emit("event", event),
        })
      : undefined;
  holder[KEY] = { emitter, relay };
  return holder[KEY];
}

export function taskEvents(): EventEmitter {
  return bus().emitter;
}

/** Emits on this instance's bus at once, and on Postgres tells the other instances too. */
export function publishTaskEvent(event: TaskEvent): void {
  const { emitter, relay } = bus();
  emitter.emit("event", event);
  relay?.publish(event).catch((error: unknown) => log.warn({ err: error }, "events: could not notify the other instances"));
}
