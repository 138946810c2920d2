import "server-only";
import type { Kysely } from "kysely";
import pg from "pg";
import { EVENTS_CHANNEL, notifyChange } from "@/lib/db/events";
import type { Database } from "@/lib/db/schema";
import { taskEventBounds, taskEventBySeq, taskEventsAfter } from "@/lib/db/task-events";
import { log } from "@/lib/log";
import type { LiveEvent } from "@/lib/schemas/views";
import { liveEventOf } from "./changes";

/**
 * What travels through NOTIFY: who published it and the event's seq in the log. Never the view itself: the
 * listener reads it back, so payloads stay far below NOTIFY's 8,000 bytes and never carry a prompt.
 */
interface Change {
  o: string;
  seq: number;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;
const CATCH_UP_LIMIT = 1_000;
/** Own events kept in mind, so a catch-up does not emit them a second time. */
const OWN_KEPT = 1_000;

export interface RelayOptions {
  url: string;
  db: Kysely<Database>;
  /** This instance's name: its own changes are already on its bus, so they are not read back. */
  origin: string;
  emit: (event: LiveEvent) => void;
}

export interface Relay {
  /** Sends one logged change to the other instances. */
  publish(event: LiveEvent): Promise<void>;
  /** Resolves once the listening connection is up (tests, and ready checks). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One listening connection per instance, reconnected with backoff when it drops; after a reconnect the
 * events logged meanwhile by other instances are read from the log and emitted, so no page misses a task's end.
 */
export function startPostgresRelay({ url, db, origin, emit }: RelayOptions): Relay {
  let client: pg.Client | undefined;
  let closed = false;
  let away = false;
  let delay = RECONNECT_MIN_MS;
  let markReady = () => {};
  let readyPromise = new Promise<void>((resolve) => (markReady = resolve));
  /** The highest seq heard from the others (or the log's end when first listening): a catch-up starts there. */
  let heard = 0;
  const own = new Set<number>();

  const deliver = async (change: Change) => {
    const row = await taskEventBySeq(db, { seq: change.seq });
    if (!row) return;
    heard = Math.max(heard, row.seq);
    emit(liveEventOf(row));
  };

  const catchUp = async () => {
    let count = 0;
    for (;;) {
      const rows = await taskEventsAfter(db, { after: heard, limit: CATCH_UP_LIMIT });
      for (const row of rows) {
        heard = Math.max(heard, row.seq);
        if (own.has(row.seq)) continue;
        emit(liveEventOf(row));
        count += 1;
      }
      if (rows.length < CATCH_UP_LIMIT) break;
    }
    log.info({ events: count }, "events: caught up after a reconnect");
  };

  const lost = (reason: unknown) => {
    if (closed || !client) return;
    const dead = client;
    client = undefined;
    away = true;
    readyPromise = new Promise<void>((resolve) => (markReady = resolve));
    dead.removeAllListeners();
    dead.on("error", () => {}); // a late error of the dead client must not crash the process
    void dead.end().catch(() => {});
    log.warn({ err: reason, retryInMs: delay }, "events: listening connection lost, reconnecting");
    setTimeout(() => void connect(), delay).unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  };

  const connect = async () => {
    if (closed) return;
    // Named for the instance, so operators (and the tests) can tell whose listening connection is whose.
    const next = new pg.Client({ connectionString: url, application_name: `darkroom-events-${origin}`.slice(0, 63) });
    client = next;
    next.on("error", (error) => lost(error));
    next.on("end", () => lost(new Error("connection ended")));
    next.on("notification", (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      let change: Change;
      try {
        change = JSON.parse(message.payload) as Change;
      } catch {
        return;
      }
      if (change.o === origin || !Number.isInteger(change.seq)) return;
      deliver(change).catch((error: unknown) => log.warn({ err: error }, "events: reading a change failed"));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      lost(error);
      return;
    }
    delay = RECONNECT_MIN_MS;
    if (away) {
      away = false;
      await catchUp().catch((error: unknown) => log.warn({ err: error }, "events: catch-up failed"));
    } else {
      // Listening from now on: what was logged before is not news to this instance.
      heard = Math.max(heard, (await taskEventBounds(db).catch(() => ({ last: 0 }))).last);
    }
    markReady();
  };

  void connect();

  return {
    async publish(event) {
      own.add(event.seq);
      if (own.size > OWN_KEPT) own.delete(own.values().next().value!);
      const change: Change = { o: origin, seq: event.seq };
      await notifyChange(db, { payload: JSON.stringify(change) });
    },
    ready: () => readyPromise,
    async close() {
      closed = true;
      const open = client;
      client = undefined;
      open?.removeAllListeners();
      open?.on("error", () => {});
      await open?.end().catch(() => {});
    },
  };
}
