// Events between two Darkroom instances on one Postgres: a change published by one reaches the other's bus
// with its state read back from the database, fast; when the listening connection is cut, it reconnects
// and catches up on what changed meanwhile, so no page misses a task's end.
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { notifyChange } from "@/lib/db/events";
import { insertTask, updateTask } from "@/lib/db/tasks";
import { env } from "@/lib/env";
import { sleep } from "@/emulator/testing";
import { migrated } from "@/lib/testing/app";
import type { TaskEvent } from "@/lib/schemas/views";
import { startPostgresRelay, type Relay } from "./postgres";

const open: Relay[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((relay) => relay.close()));
});

function instance(origin: string): { relay: Relay; heard: { event: TaskEvent; at?: number; receivedAt: number }[] } {
  const heard: { event: TaskEvent; at?: number; receivedAt: number }[] = [];
  const relay = startPostgresRelay({
    url: env.DATABASE_URL,
    db: database().db,
    origin,
    emit: (event, change) => heard.push({ event, at: change?.at, receivedAt: Date.now() }),
  });
  open.push(relay);
  return { relay, heard };
}

async function task(id: string): Promise<void> {
  const now = new Date().toISOString();
  await insertTask(database().db, { id, model: "gamma-5-pro", kind: "image", status: "processing", created_at: now, updated_at: now });
}

async function until<T>(what: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const give = Date.now() + timeoutMs;
  for (;;) {
    const found = what();
    if (found !== undefined) return found;
    if (Date.now() > give) throw new Error("timed out");
    await sleep(10);
  }
}

describe("events through Postgres", () => {
  beforeAll(migrated);

  it("carries a change from one instance to the other, state read back, well within a second", async () => {
    const a = instance("instance-a");
    const b = instance("instance-b");
    await Promise.all([a.relay.ready(), b.relay.ready()]);
    await task("task_relay_1");
    await updateTask(database().db, { id: "task_relay_1", status: "succeeded", archive_state: "done" });

    const delays: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const before = b.heard.length;
      await a.relay.publish({ type: "task", id: "task_relay_1", status: "ignored: read back", archive: "ignored" });
      const got = await until(() => b.heard[before]);
      delays.push(got.receivedAt - got.at!);
    }

    expect(b.heard[0]!.event).toEqual({ type: "task", id: "task_relay_1", status: "succeeded", archive: "done" });
    expect(a.heard).toEqual([]); // its own changes are already on its bus
    expect(Math.max(...delays)).toBeLessThan(1_000);
  });

  it("reconnects after its connection is cut and catches up on what changed meanwhile", async () => {
    const b = instance("instance-b2");
    await b.relay.ready();
    await task("task_relay_2");

    // The server ends b's listening connection; a change lands while b is away, its notification lost.
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query("select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1", [
        "darkroom-events-instance-b2",
      ]);
      expect(rows).toEqual([{ ended: true }]);
    } finally {
      await admin.end();
    }
    await updateTask(database().db, { id: "task_relay_2", status: "failed", updated_at: new Date().toISOString() });

    const caughtUp = await until(() => b.heard.find((h) => h.event.type === "task" && h.event.id === "task_relay_2"));
    expect(caughtUp.event).toEqual({ type: "task", id: "task_relay_2", status: "failed", archive: "none" });
    await b.relay.ready();
    // And it listens again: a published change arrives as before.
    await notifyChange(database().db, { payload: JSON.stringify({ o: "other", t: "task", id: "task_relay_2", at: Date.now() }) });
    await until(() => (b.heard.filter((h) => h.event.type === "task" && h.event.id === "task_relay_2").length >= 2 ? true : undefined));
  });
});
