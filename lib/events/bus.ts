import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { database } from "@/lib/db";
import { pruneTaskEvents } from "@/lib/db/task-events";
import { env } from "@/lib/env";
import { eventPublished } from "@/lib/metrics/record";
import { log } from "@/lib/log";
import type { LiveEvent, TaskEvent } from "@/lib/schemas/views";
import { recordChange } from "./changes";
import { startPostgresRelay, type Relay } from "./postgres";

export type { LiveEvent, TaskEvent } from "@/lib/schemas/views";

/** A stream away longer than this cannot resume exactly: it is told to refetch instead. */
const EVENT_LOG_KEPT_MS = 24 * 60 * 60_000;
const PRUNE_EVERY = 500;

interface Bus {
  emitter: EventEmitter;
  /** On Postgres: carries this instance's changes to the others and theirs to this one's pages. */
  relay?: Relay;
  /** Changes are recorded one at a time, so this instance's events leave in the order they were logged. */
  chain: Promise<void>;
  published: number;
}

// One bus per process, on globalThis: Next bundles instrumentation and route handlers separately, so a
// module-level emitter would not be shared between the poller and the events route.
const KEY = Symbol.for("darkroom.taskEvents");
const holder = globalThis as typeof globalThis & { [KEY]?: Bus };

function bus(): Bus {
  if (holder[KEY]) return holder[KEY];
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open stream
  const connection = database();
  // SQLite means one process: the in-process emitter is the whole bus. Postgres may mean several instances.
  const relay =
    connection.dialect === "postgres"
      ? startPostgresRelay({
          url: env.DATABASE_URL,
          db: connection.db,
          origin: randomUUID(),
          emit: (event) => {
            eventPublished(event);
            emitter.emit("event", event);
          },
        })
      : undefined;
  holder[KEY] = { emitter, relay, chain: Promise.resolve(), published: 0 };
  return holder[KEY];
}

/** Emits LiveEvents: every change recorded by this instance, and on Postgres those of the others. */
export function taskEvents(): EventEmitter {
  return bus().emitter;
}

/**
 * The engine's "this may have changed": recorded (when something visible did change), emitted on this
 * instance's bus, and on Postgres announced to the other instances. Answers once it is done (tests wait).
 */
export function publishTaskEvent(hint: TaskEvent): Promise<LiveEvent | undefined> {
  const b = bus();
  const done = b.chain.then(async () => {
    const { db } = database();
    const event = await recordChange(db, hint);
    if (!event) return undefined;
    eventPublished(event);
    b.emitter.emit("event", event);
    await b.relay?.publish(event).catch((error: unknown) => log.warn({ err: error }, "events: could not notify the other instances"));
    b.published += 1;
    if (b.published % PRUNE_EVERY === 0) {
      await pruneTaskEvents(db, { before: new Date(Date.now() - EVENT_LOG_KEPT_MS).toISOString() });
    }
    return event;
  });
  b.chain = done.then(
    () => undefined,
    (error: unknown) => log.warn({ err: error, hint }, "events: recording a change failed"),
  );
  return done.catch(() => undefined);
}
