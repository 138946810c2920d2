import "server-only";
import type { Kysely } from "kysely";
import pg from "pg";
import { changedSince, EVENTS_CHANNEL, notifyChange, submissionEventState, taskEventState } from "@/lib/db/events";
import type { Database } from "@/lib/db/schema";
import { log } from "@/lib/log";
import type { TaskEvent } from "@/lib/schemas/views";

/**
 * What travels through NOTIFY: who published it, what changed and when (ms). Never the state itself: the
 * listener reads it back, so payloads stay far below NOTIFY's 8,000 bytes and never carry a prompt.
 */
interface Change {
  o: string;
  t: "task" | "submission";
  id: string;
  at: number;
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** A catch-up reads back a little before the connection was lost: clocks of instances differ slightly. */
const CATCH_UP_MARGIN_MS = 5_000;
const CATCH_UP_LIMIT = 1_000;

export interface RelayOptions {
  url: string;
  db: Kysely<Database>;
  /** This instance's name: its own changes are already on its bus, so they are not read back. */
  origin: string;
  emit: (event: TaskEvent, change?: { at: number }) => void;
}

export interface Relay {
  /** Sends one change to the other instances. */
  publish(event: TaskEvent): Promise<void>;
  /** Resolves once the listening connection is up (tests, and ready checks). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One listening connection per instance, reconnected with backoff when it drops; after a reconnect the
 * changes made meanwhile are read from the tables and emitted, so no page misses a task's end.
 */
export function startPostgresRelay({ url, db, origin, emit }: RelayOptions): Relay {
  let client: pg.Client | undefined;
  let closed = false;
  let lostAt: number | undefined;
  let delay = RECONNECT_MIN_MS;
  let markReady = () => {};
  let readyPromise = new Promise<void>((resolve) => (markReady = resolve));

  const deliver = async (change: Change) => {
    if (change.t === "task") {
      const row = await taskEventState(db, { id: change.id });
      if (row) emit({ type: "task", id: row.id, status: row.status, archive: row.archive_state }, { at: change.at });
    } else {
      const row = await submissionEventState(db, { id: change.id });
      if (row) emit({ type: "submission", id: row.id, state: row.state, taskId: row.task_id }, { at: change.at });
    }
  };

  const catchUp = async (since: number) => {
    const changed = await changedSince(db, { since: new Date(since - CATCH_UP_MARGIN_MS).toISOString(), limit: CATCH_UP_LIMIT });
    for (const row of changed.submissions) emit({ type: "submission", id: row.id, state: row.state, taskId: row.task_id });
    for (const row of changed.tasks) emit({ type: "task", id: row.id, status: row.status, archive: row.archive_state });
    log.info({ tasks: changed.tasks.length, submissions: changed.submissions.length }, "events: caught up after a reconnect");
  };

  const lost = (reason: unknown) => {
    if (closed || !client) return;
    const dead = client;
    client = undefined;
    lostAt ??= Date.now();
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
      if (change.o === origin) return;
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
    if (lostAt !== undefined) {
      const since = lostAt;
      lostAt = undefined;
      await catchUp(since).catch((error: unknown) => log.warn({ err: error }, "events: catch-up failed"));
    }
    markReady();
  };

  void connect();

  return {
    async publish(event) {
      const change: Change = { o: origin, t: event.type, id: event.id, at: Date.now() };
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
