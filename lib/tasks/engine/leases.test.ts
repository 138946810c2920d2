// Two engines (two Darkroom instances) on one database and one emulator account: leases carry an owner and a
// version taken by compare-and-set, so a stale listing never polls a task twice within 5 s; leases are short
// and renewed by a heartbeat, so the work of an instance that died moves on within 60 s, and the work of
// one that is merely slow does not.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "@/lib/db";
import { connect, type Connection } from "@/lib/db/connect";
import { getTaskRow } from "@/lib/db/tasks";
import { BODIES, emulatorForFile, FAST_TIMINGS, type EmulatorClient } from "@/emulator/testing";
import { env } from "@/lib/env";
import { migrated } from "@/lib/testing/app";
import { clearEngineTables, countCalls, testEngine, type TestEngine, type UpstreamCall } from "@/lib/testing/engine";
import type { UpstreamOutcome } from "@/lib/upstream/outcome";
import type { Task } from "@/lib/upstream/schemas";
import { dispatchOnce } from "./dispatch";
import { HEARTBEAT_MS } from "./heartbeat";
import { pollOnce } from "./poll";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const START = 100_000;
const GAMMA = 44;
// [[slow]] tasks take 10 minutes, so every poll in these tests finds them live and nothing is archived.
const SLOW = BODIES.gamma("a quiet harbour at dawn [[slow]]");

const extra: Connection[] = [];
afterAll(async () => {
  await Promise.all(extra.map((connection) => connection.db.destroy()));
});

/** Two engines as two Darkroom processes: one clock, and on Postgres separate pools. */
async function twoEngines(emu: EmulatorClient, apiKey: string): Promise<[TestEngine, TestEngine, UpstreamCall[], UpstreamCall[]]> {
  const a = await testEngine(emu, apiKey);
  const b = await testEngine(emu, apiKey);
  b.engine.now = a.engine.now;
  if (database().dialect === "postgres") {
    b.engine.connection = connect(env.DATABASE_URL);
    extra.push(b.engine.connection);
  }
  return [a, b, countCalls(a.engine), countCalls(b.engine)];
}

/**
 * Makes the engine's next call of `method` go out at once but reach the engine only when `release` is
 * called (a process that stalls, or died with its request in flight).
 */
function stall<M extends "getTask" | "createImage">(t: TestEngine, method: M): { release: () => void; started: Promise<void> } {
  const original = t.engine.client[method] as (...args: string[]) => Promise<UpstreamOutcome<Task>>;
  let release = () => {};
  let started = () => {};
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  let used = false;
  t.engine.client = {
    ...t.engine.client,
    [method]: (...args: string[]) => {
      if (used) return original(...args);
      used = true;
      const answer = original(...args);
      return new Promise<UpstreamOutcome<Task>>((resolve) => {
        release = () => resolve(answer);
        void answer.then(() => started());
      });
    },
  };
  return { release: () => release(), started: startedPromise };
}

/** Every pair of retrievals of one task closer than 5 s (engine clock). */
function closePolls(calls: UpstreamCall[]): string[] {
  const polls = calls.filter((call) => call.method === "getTask").sort((x, y) => x.at - y.at);
  const last = new Map<string, number>();
  const close: string[] = [];
  for (const poll of polls) {
    const previous = last.get(poll.target!);
    if (previous !== undefined && poll.at - previous < 5_000) close.push(`${poll.target} after ${poll.at - previous} ms`);
    last.set(poll.target!, poll.at);
  }
  return close;
}

async function liveTasks(t: TestEngine, count: number): Promise<string[]> {
  await t.submit(SLOW, { runs: count });
  await dispatchOnce(t.engine);
  const rows = await database().db.selectFrom("tasks").select("id").execute();
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.id);
}

describe("leases across two instances", () => {
  beforeAll(migrated);
  beforeEach(clearEngineTables);

  it("never polls a task twice within 5 s when one engine's listing is stale", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const [a, b, callsA, callsB] = await twoEngines(emu, apiKey);
    await liveTasks(a, 5);
    await a.advance(6);

    // b lists all five and polls the first; while that poll is out, a polls the other four and releases them.
    const { getTask } = b.engine.client;
    let aPolled = 0;
    b.engine.client = {
      ...b.engine.client,
      getTask: async (id) => {
        if (aPolled === 0) aPolled = await pollOnce(a.engine);
        return getTask(id);
      },
    };
    const bPolled = await pollOnce(b.engine);

    expect({ aPolled, bPolled }).toEqual({ aPolled: 4, bPolled: 1 });
    expect(closePolls([...callsA, ...callsB])).toEqual([]);
  });

  it("moves a dead instance's poll to another within 60 s", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const [a, b, , callsB] = await twoEngines(emu, apiKey);
    const [id] = await liveTasks(a, 1);
    await a.advance(6);

    const dead = stall(a, "getTask"); // a takes the lease, sends the poll and never comes back
    void pollOnce(a.engine);
    await dead.started;
    expect((await getTaskRow(database().db, { id: id! }))?.lease_owner).toBe(a.engine.owner);

    await a.advance(20);
    expect(await pollOnce(b.engine)).toBe(0); // still a's
    await a.advance(20); // 40 s after a went silent: its lease has run out
    expect(await pollOnce(b.engine)).toBe(1);
    expect(callsB.filter((call) => call.method === "getTask").map((call) => call.target)).toEqual([id]);
    expect((await getTaskRow(database().db, { id: id! }))?.last_polled_at).not.toBeNull();
  });

  it("keeps a slow instance's poll its own while its heartbeat renews the lease", { timeout: 60_000 }, async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const [a, b, callsA, callsB] = await twoEngines(emu, apiKey);
    const [id] = await liveTasks(a, 1);
    await a.advance(6);

    const slow = stall(a, "getTask");
    const aDone = pollOnce(a.engine);
    await slow.started;
    await a.advance(25);
    // One heartbeat, in real time (HEARTBEAT_MS): the lease then runs 30 s from +25 s.
    const leaseUntil = async () => (await getTaskRow(database().db, { id: id! }))!.lease_until;
    const taken = await leaseUntil();
    await vi.waitUntil(async () => (await leaseUntil()) !== taken, { timeout: HEARTBEAT_MS + 20_000, interval: 100 });
    await a.advance(15); // 40 s after the lease was taken, 15 s after it was renewed
    expect(await pollOnce(b.engine)).toBe(0);

    slow.release();
    expect(await aDone).toBe(1);
    expect(callsB).toEqual([]);
    expect(callsA.filter((call) => call.method === "getTask").map((call) => call.target)).toEqual([id]);
    expect(await getTaskRow(database().db, { id: id! })).toMatchObject({ lease_owner: null, lease_until: null });
  });

  it("resends a dead sender's submission within 60 s, with the same key: one upstream task, charged once", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const [a, b, callsA, callsB] = await twoEngines(emu, apiKey);
    const [submissionId] = await a.submit(BODIES.gamma());

    const dead = stall(a, "createImage"); // the upstream accepts it; the answer never reaches a
    void dispatchOnce(a.engine);
    await dead.started;

    await a.advance(20);
    expect(await dispatchOnce(b.engine)).toBe(0);
    await a.advance(20); // 40 s after a went silent: its lease has run out
    expect(await dispatchOnce(b.engine)).toBe(1);

    const sends = [...callsA, ...callsB].filter((call) => call.method === "createImage");
    expect(sends.map((call) => call.status)).toEqual([202, 200]); // the second is the first one, replayed
    expect(sends[1]!.target).toBe(sends[0]!.target);
    const submission = await database().db.selectFrom("submissions").selectAll().where("id", "=", submissionId!).executeTakeFirst();
    expect(submission).toMatchObject({ state: "accepted", idempotency_key: sends[0]!.target });
    expect(await database().db.selectFrom("tasks").select("id").execute()).toHaveLength(1);
    expect(await emu.credits(apiKey)).toBe(START - GAMMA);
  });
});
