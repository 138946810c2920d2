import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { connect, type Connection } from "@/lib/db/connect";
import { getSubmission } from "@/lib/db/submissions";
import { countLive } from "@/lib/db/tasks";
import { BODIES, emulatorForFile, FAST_TIMINGS, sleep, type EmulatorClient } from "@/emulator/testing";
import { env } from "@/lib/env";
import { migrated } from "@/lib/testing/app";
import { dispatchOnce } from "./dispatch";
import { CONCURRENCY } from "./context";
import { pollOnce } from "./poll";
import { clearEngineTables, countCalls, testEngine, type TestEngine, type UpstreamCall } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const START = 100_000;

// gamma-5-pro: 35 × 1.25 = 44; epsilon-v6 360p 1 s: 2 × 1.25 = 2.5, rounded to 3 (free plan).
const BURSTS = [
  { kind: "image", body: BODIES.gamma(), price: 44 },
  { kind: "video", body: BODIES.epsilon(), price: 3 },
] as const;

const tasks = () => database().db.selectFrom("tasks").selectAll().execute();
const submissions = () => database().db.selectFrom("submissions").selectAll().execute();
const creations = (calls: UpstreamCall[]) => calls.filter((call) => call.method !== "getTask" && call.method !== "getLegacyTask");

/** What must hold after every step: Darkroom within the limit, and the upstream never had to say so. */
async function expectWithinLimits(kind: "image" | "video", calls: UpstreamCall[]) {
  expect(await countLive(database().db, { kind })).toBeLessThanOrEqual(CONCURRENCY[kind]);
  expect(calls.filter((call) => call.status === 429)).toEqual([]);
  expect((await submissions()).filter((s) => s.error_code === "concurrency_limited")).toEqual([]);
}

describe("concurrency limits", () => {
  beforeAll(migrated);
  beforeEach(clearEngineTables);

  for (const { kind, body, price } of BURSTS) {
    it(
      `sends a burst of 20 ${kind}s at most ${CONCURRENCY[kind]} at a time, and completes and archives them all`,
      // A hang detector: 20 renders beside the rest of the suite on two cores took over 40 s.
      { timeout: 180_000 },
      async () => {
        const emu = emulator();
        const { apiKey } = await emu.account();
        const t = await testEngine(emu, apiKey);
        const calls = countCalls(t.engine);
        await t.submit(body, { runs: 20 });

        for (let step = 0; ; step += 1) {
          expect(step, "the burst did not finish").toBeLessThan(300);
          await dispatchOnce(t.engine);
          await expectWithinLimits(kind, calls);
          await sleep(50); // rendering takes real time
          await t.advance(5);
          await pollOnce(t.engine);
          await expectWithinLimits(kind, calls);
          const rows = await tasks();
          if (rows.length === 20 && rows.every((task) => task.archive_state === "done")) break;
        }

        const rows = await tasks();
        expect(rows.map((task) => [task.status, task.archive_state, task.credits_reserved])).toEqual(
          Array(20).fill(["succeeded", "done", price]),
        );
        expect((await submissions()).every((s) => s.state === "accepted")).toBe(true);
        expect(creations(calls)).toHaveLength(20);
        expect(await emu.credits(apiKey)).toBe(START - 20 * price);
      },
    );
  }
});

describe("two engines on one database and key", () => {
  const extra: Connection[] = [];
  beforeAll(migrated);
  beforeEach(clearEngineTables);
  afterAll(async () => {
    await Promise.all(extra.map((connection) => connection.db.destroy()));
  });

  /** Two engines as two Darkroom processes: one clock, and on Postgres separate pools. */
  async function twoEngines(emu: EmulatorClient, apiKey: string): Promise<[TestEngine, TestEngine, UpstreamCall[], UpstreamCall[]]> {
    const a = await testEngine(emu, apiKey);
    const b = await testEngine(emu, apiKey);
    b.engine.now = a.engine.now;
    if (database().dialect === "postgres") {
      // SQLite's one connection serialises; better-sqlite3 would block the event loop on a second one's lock.
      b.engine.connection = connect(env.DATABASE_URL);
      extra.push(b.engine.connection);
    }
    return [a, b, countCalls(a.engine), countCalls(b.engine)];
  }

  it("sends the same submission once when both dispatch it at the same time", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const [a, b, callsA, callsB] = await twoEngines(emu, apiKey);
    const [id] = await a.submit(BODIES.gamma());

    await Promise.all([dispatchOnce(a.engine), dispatchOnce(b.engine), dispatchOnce(a.engine), dispatchOnce(b.engine)]);
    await a.advance(150); // past any send lease: nothing is left to resend
    await Promise.all([dispatchOnce(a.engine), dispatchOnce(b.engine)]);

    expect(creations([...callsA, ...callsB])).toHaveLength(1);
    const rows = await tasks();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submission_id: id, credits_reserved: 44 });
    expect(await submissions()).toMatchObject([{ id, state: "accepted", task_id: rows[0]?.id }]);
    expect(await emu.credits(apiKey)).toBe(START - 44);
  });

  it("waits out a submission's retry time even when the other engine listed it before it failed", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const [a, b, callsA, callsB] = await twoEngines(emu, apiKey);
    const [, second] = await a.submit(BODIES.gamma(), { runs: 2 });
    await emu.faults([{ method: "POST", path: "/v1/images", kind: "status", status: 503, times: 1 }]);
    // b lists both and claims the first; before b sends it, a sends the second, which fails and must back off.
    let retryAt: string | undefined;
    const { createImage } = b.engine.client;
    b.engine.client = {
      ...b.engine.client,
      createImage: async (body, key) => {
        if (retryAt === undefined) {
          await dispatchOnce(a.engine);
          retryAt = (await getSubmission(database().db, { id: second! }))?.next_attempt_at;
        }
        return createImage(body, key);
      },
    };
    await dispatchOnce(b.engine);

    const key = (await getSubmission(database().db, { id: second! }))!.idempotency_key;
    const sendsOfSecond = () => [...callsA, ...callsB].filter((call) => call.target === key);
    expect(sendsOfSecond().map((call) => call.status)).toEqual([503]);
    expect(retryAt! > new Date(sendsOfSecond()[0]!.at).toISOString()).toBe(true);
    await a.advance(2); // past the backoff (at most 1 s)
    await dispatchOnce(a.engine);
    expect(sendsOfSecond().map((call) => call.status)).toEqual([503, 202]);
    expect(await emu.credits(apiKey)).toBe(START - 2 * 44);
  });

  it("keeps a burst within the limit when both dispatch it at the same time", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const [a, b, callsA, callsB] = await twoEngines(emu, apiKey);
    await a.submit(BODIES.gamma(), { runs: 10 });

    await Promise.all([dispatchOnce(a.engine), dispatchOnce(b.engine)]);

    // Unless counting the free slots and claiming one are a single step, together they claim up to twice the limit.
    const sent = creations([...callsA, ...callsB]);
    expect({ sent: sent.length, refused: sent.filter((call) => call.kind === "concurrency_limited").length }).toEqual({
      sent: CONCURRENCY.image,
      refused: 0,
    });
    await expectWithinLimits("image", [...callsA, ...callsB]);
    expect(await emu.credits(apiKey)).toBe(START - CONCURRENCY.image * 44);
  });
});
