// Why a submission waits, each reason made by a real situation against the emulator: the video slots full,
// the rate budget spent, a 429 with Retry-After, the admin's pause, and the key refused or the account disabled.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { setInstanceValue } from "@/lib/db/instance";
import { listQueued } from "@/lib/db/submissions";
import { insertTask } from "@/lib/db/tasks";
import { migrated } from "@/lib/testing/app";
import { clearEngineTables, testEngine, type TestEngine } from "@/lib/testing/engine";
import { QUEUE_PAUSED, dispatchOnce } from "./engine/dispatch";
import { acquire, BUDGET } from "./engine/rate-budget";
import { QUEUE_REASON_CODES, queueReasonWords } from "@/lib/schemas/queue-reasons";
import { explainQueue } from "./queue-reasons";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });

async function explain(t: TestEngine) {
  const waiting = await listQueued(database().db);
  const explained = await explainQueue({ connection: database(), keyId: t.engine.keyId, now: t.engine.now() }, waiting);
  return waiting.map((s) => ({ id: s.id, ...explained.get(s.id)! }));
}

/** Money and slots: every credit the emulator charged is on a recorded task, no submission is lost, no kind over its cap. */
async function expectBooks(emu: ReturnType<typeof emulator>, apiKey: string, submitted: number) {
  const { db } = database();
  const sent = await db.selectFrom("tasks").select(["credits_reserved", "kind", "status"]).where("submission_id", "is not", null).execute();
  expect(100_000 - (await emu.credits(apiKey))).toBe(sent.reduce((sum, task) => sum + (task.credits_reserved ?? 0), 0));
  const submissions = await db.selectFrom("submissions").select(["state", "task_id"]).execute();
  expect(submissions).toHaveLength(submitted);
  for (const s of submissions) expect(s.state === "accepted" ? Boolean(s.task_id) : s.state === "queued").toBe(true);
  for (const kind of ["image", "video"] as const)
    expect(
      sent.filter((task) => task.kind === kind && (task.status === "pending" || task.status === "processing")).length,
    ).toBeLessThanOrEqual(kind === "image" ? 5 : 3);
}

describe("queue reasons", () => {
  beforeAll(migrated);
  beforeEach(clearEngineTables);

  it("full video slots: 'waiting for a video slot', sent when the first running video should end", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    // alpha-2.3's recent runs took 20 s: the estimate the slots are played forward with.
    for (let i = 0; i < 3; i += 1) {
      const created = Date.parse("2026-01-01T00:00:00.000Z") + i * 60_000;
      await insertTask(database().db, {
        id: `task_past_${i}`,
        model: "alpha-2.3",
        kind: "video",
        params: JSON.stringify(BODIES.alpha()),
        status: "succeeded",
        credits_reserved: 30,
        created_at: new Date(created).toISOString(),
        completed_at: new Date(created + 20_000).toISOString(),
        updated_at: new Date(created).toISOString(),
      });
    }
    await t.submit(BODIES.alpha(), { runs: 5 });
    expect(await dispatchOnce(t.engine)).toBe(3);
    const [fourth, fifth] = await explain(t);
    expect(fourth!.reason).toMatchObject({ code: "video_slot", words: expect.stringMatching(/^Waiting for a video slot/) });
    const firstLive = await database()
      .db.selectFrom("tasks")
      .select("created_at")
      .where("status", "=", "pending")
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    expect(Date.parse(fourth!.sendAt!)).toBe(Date.parse(firstLive.created_at) + 20_000);
    // The fifth needs the second slot to free: the runs started together, so about the same time.
    expect(fifth!.reason.code).toBe("video_slot");
    expect(Date.parse(fifth!.sendAt!)).toBeGreaterThanOrEqual(Date.parse(fourth!.sendAt!));
    // Past their estimate the videos still hold their slots: still waiting for one, to be sent any moment.
    await t.advance(30);
    const asked = t.engine.now().getTime();
    const [late] = await explain(t);
    const answered = t.engine.now().getTime();
    expect(late!.reason.code).toBe("video_slot");
    expect(Date.parse(late!.sendAt!)).toBeGreaterThanOrEqual(asked - 1_000);
    expect(Date.parse(late!.sendAt!)).toBeLessThanOrEqual(answered + 1_000);
    // Images have slots of their own: one submitted now is next.
    await t.submit(BODIES.gamma());
    expect((await explain(t)).at(-1)!.reason.code).toBe("next");
    await expectBooks(emu, apiKey, 6);
  });

  it("the rate budget spent: 'API rate limit, next try in N s', N when the oldest request leaves the window", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const start = t.engine.now();
    for (let i = 0; i < BUDGET.high; i += 1)
      expect(await acquire(t.engine.connection, { keyId: t.engine.keyId, priority: "high", now: start })).toEqual({ ok: true });
    await t.submit(BODIES.gamma());
    expect(await dispatchOnce(t.engine)).toBe(0);
    const asked = t.engine.now().getTime();
    const [waiting] = await explain(t);
    const answered = t.engine.now().getTime();
    expect(waiting!.reason.code).toBe("rate_limited");
    // The 110 requests were all taken at `start`: room opens when they leave the 61 s window.
    const until = Date.parse(waiting!.reason.until!);
    expect(until - start.getTime()).toBeCloseTo(61_001, -1);
    // N counts from when the reason was read: all of this took 13 s on a busy machine, so N is not fixed.
    const seconds = Number(/^API rate limit, next try in (\d+) s$/.exec(waiting!.reason.words)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(Math.floor((until - answered) / 1000));
    expect(seconds).toBeLessThanOrEqual(Math.ceil((until - asked) / 1000));
    expect(Date.parse(waiting!.sendAt!) - Date.parse(waiting!.reason.until!)).toBeLessThan(1_000);
    await expectBooks(emu, apiKey, 1);
  });

  it("a 429 with Retry-After: 12: 'API rate limit, next try in 12 s'", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await emu.faults([{ kind: "status", status: 429, retryAfter: "12", path: "/v1/images", times: 1 }]);
    await t.submit(BODIES.gamma());
    const sent = t.engine.now().getTime();
    await dispatchOnce(t.engine);
    const answered = t.engine.now().getTime();
    const [waiting] = await explain(t);
    const asked = t.engine.now().getTime();
    // Retry-After counts from the answer, which came between `sent` and `answered` (far apart on a busy machine).
    const until = Date.parse(waiting!.reason.until!);
    expect(waiting!.reason.code).toBe("rate_limited");
    expect(until).toBeGreaterThanOrEqual(sent + 12_000);
    expect(until).toBeLessThanOrEqual(answered + 12_000);
    // N counts from when the reason was read: 12 when that is at once.
    const seconds = Number(/^API rate limit, next try in (\d+) s$/.exec(waiting!.reason.words)?.[1]);
    expect(seconds).toBeLessThanOrEqual(12);
    expect(seconds).toBeGreaterThanOrEqual(Math.floor((until - asked) / 1000));
    expect(queueReasonWords("rate_limited", waiting!.reason.until, until - 12_000)).toBe("API rate limit, next try in 12 s");
    await expectBooks(emu, apiKey, 1);
  });

  it("every reason has words of its own (the queue and the cards show them), the budgets' holds included", () => {
    const now = Date.parse("2026-01-01T00:00:00.000Z");
    const words = QUEUE_REASON_CODES.map((code) => queueReasonWords(code, null, now));
    expect(new Set(words).size).toBe(QUEUE_REASON_CODES.length);
    expect(queueReasonWords("first_charge", null, now)).toBe("Waiting for the first charge of these settings");
    expect(queueReasonWords("over_budget", new Date(now + 60_000).toISOString(), now)).toBe("Over budget, checking again in 60 s");
  });

  it("paused by an admin: 'Paused by admin', with no send time", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await setInstanceValue(database().db, { key: QUEUE_PAUSED, value: new Date().toISOString() });
    await t.submit(BODIES.gamma());
    expect(await dispatchOnce(t.engine)).toBe(0);
    expect(await explain(t)).toMatchObject([{ reason: { code: "paused", words: "Paused by admin", until: null }, sendAt: null }]);
  });

  it("the key refused (401) or the account disabled (403): said so, with the next check's time", async () => {
    const emu = emulator();
    const refused = await testEngine(emu, "no-such-key-at-all");
    await refused.submit(BODIES.gamma());
    await dispatchOnce(refused.engine);
    const [first] = await explain(refused);
    expect(first!.reason).toMatchObject({
      code: "key_refused",
      words: expect.stringMatching(/^API key refused, checking again in 60 s$/),
    });
    expect(first!.sendAt).toBeNull();

    await clearEngineTables();
    const { apiKey } = await emu.account();
    await emu.patchAccount(apiKey, { disabled: true });
    const disabled = await testEngine(emu, apiKey);
    await disabled.submit(BODIES.alpha());
    await dispatchOnce(disabled.engine);
    const [second] = await explain(disabled);
    expect(second!.reason.code).toBe("account_disabled");
    expect(second!.reason.words).toMatch(/^API account disabled, checking again in/);
  });
});
