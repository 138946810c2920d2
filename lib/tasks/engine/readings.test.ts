// The engine under the readings of the spec's open points, against the emulator over HTTP (profiles and
// faults): money and slots hold whatever the upstream's form. Each test asserts that no charged task
// goes unrecorded, no finished task holds a slot, nothing is charged twice and no submission is lost.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { getSubmission, updateSubmission } from "@/lib/db/submissions";
import { countLive, getTaskRow } from "@/lib/db/tasks";
import { BODIES, DAY_SECONDS, emulatorForFile, FAST_TIMINGS, sleep, type EmulatorClient } from "@/emulator/testing";
import type { Profile } from "@/emulator/profile";
import { migrated } from "@/lib/testing/app";
import { clearEngineTables, countCalls, testEngine, type TestEngine, type UpstreamCall } from "@/lib/testing/engine";
import { CONCURRENCY } from "./context";
import { dispatchOnce, MAX_SEND_ATTEMPTS } from "./dispatch";
import { getAuthHold } from "./holds";
import { tickOnce } from "./loop";
import { pollOnce } from "./poll";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });
const START = 100_000;

const tasks = () => database().db.selectFrom("tasks").selectAll().execute();
const submissions = () => database().db.selectFrom("submissions").selectAll().execute();
const creations = (calls: UpstreamCall[]) => calls.filter((call) => call.method.startsWith("create"));
const polls = (calls: UpstreamCall[]) => calls.filter((call) => call.method === "getTask");

/** Money and slots: every charge recorded (by Darkroom's own records), no finished task counted live. */
async function expectBooksBalance(emu: EmulatorClient, apiKey: string, { elsewhere = 0 } = {}) {
  const rows = await tasks();
  const held = rows.reduce((sum, task) => {
    if (task.status === "failed") return sum + (task.credits_reserved ?? 0) - (task.credits_refunded ?? 0);
    return sum + (task.credits_used ?? task.credits_reserved ?? 0);
  }, 0);
  expect(START - elsewhere - (await emu.credits(apiKey)), "credits charged but not recorded").toBe(held);
  for (const kind of ["image", "video"] as const) {
    const live = rows.filter((task) => task.kind === kind && (task.status === "pending" || task.status === "processing")).length;
    expect(await countLive(database().db, { kind })).toBe(live);
  }
  expect((await submissions()).filter((s) => s.state === "rejected" && s.error_code !== "invalid_request")).toEqual([]);
}

async function withProfile(emu: EmulatorClient, patch: Partial<Profile>) {
  await emu.setProfile(patch);
}

describe("the engine under every reading", () => {
  beforeAll(migrated);
  beforeEach(clearEngineTables);
  afterEach(async () => {
    await emulator().control("DELETE", "/faults");
    await emulator().control("POST", "/reset");
  });

  for (const creditsRefunded of ["number", "string", "boolean", "object"] as const) {
    for (const nullFields of [false, true]) {
      it(`records the charge and the refund of a failed task (credits_refunded as ${creditsRefunded}, nullFields ${nullFields})`, async () => {
        const emu = emulator();
        await withProfile(emu, { creditsRefunded, nullFields });
        const { apiKey } = await emu.account();
        const t = await testEngine(emu, apiKey);
        const [id] = await t.submit(BODIES.gamma("a kite [[fail]]"));
        expect(await dispatchOnce(t.engine)).toBe(1);
        // The whole submission on failure: its state and error say why it was not accepted.
        const submission = (await getSubmission(database().db, { id: id! }))!;
        expect(submission).toMatchObject({ state: "accepted", task_id: expect.stringMatching(/^task_/) });
        const taskId = submission.task_id!;
        expect(await getTaskRow(database().db, { id: taskId })).toMatchObject({ credits_reserved: 44 });
        const done = await t.pollUntil(taskId, (task) => task.credits_refunded !== null, 30);
        expect(done).toMatchObject({ status: "failed", credits_reserved: 44, credits_refunded: 44, next_poll_at: null, unreadable: null });
        expect(await emu.credits(apiKey)).toBe(START);
        await expectBooksBalance(emu, apiKey);
      });
    }
  }

  it("a task last seen live that answers failed/media_deleted takes that status and frees its slot", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.gamma());
    await dispatchOnce(t.engine);
    const taskId = (await getSubmission(database().db, { id: id! }))!.task_id!;
    expect(await countLive(database().db, { kind: "image" })).toBe(1);
    // Darkroom looks next only after the retention window: the task is long done and deleted upstream.
    await t.advance(8 * DAY_SECONDS);
    await sleep(200); // media renders in real time
    await pollOnce(t.engine);
    expect(await getTaskRow(database().db, { id: taskId })).toMatchObject({
      status: "failed",
      error_code: "media_deleted",
      next_poll_at: null,
    });
    expect(await countLive(database().db, { kind: "image" })).toBe(0);
  });

  it("a concurrency 429 (the account full of tasks made elsewhere) stops that kind for the rest of the tick", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    for (let i = 0; i < CONCURRENCY.image; i += 1) await emu.createTask("images", apiKey, BODIES.gamma(`elsewhere ${i} [[hang]]`));
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    await t.submit(BODIES.gamma(), { runs: 10 });
    await dispatchOnce(t.engine);
    expect(creations(calls)).toHaveLength(1);
    expect(creations(calls)[0]).toMatchObject({ status: 429 });
    expect((await submissions()).every((s) => s.state === "queued")).toBe(true);
    await expectBooksBalance(emu, apiKey, { elsewhere: 44 * CONCURRENCY.image });
  });

  it("with plain 429s and no Retry-After, polls of live tasks keep their pace while creations are refused", async () => {
    const emu = emulator();
    await withProfile(emu, { rateLimitBody: "plain", retryAfter: "absent" });
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    await t.submit(BODIES.gamma("a slow kite [[slow]]"));
    await tickOnce(t.engine);
    const [live] = await tasks();
    expect(live?.status).toMatch(/pending|processing/);
    // Every creation from now on is refused with a bare 429.
    await emu.faults([{ kind: "status", status: 429, path: "/v1/images", times: 1000 }]);
    await t.submit(BODIES.gamma(), { runs: 3 });
    const start = t.engine.now().getTime();
    for (let second = 0; second < 120; second += 1) {
      await t.advance(1);
      await tickOnce(t.engine);
    }
    const livePolls = polls(calls).filter((call) => call.target === live!.id && call.at >= start);
    // One poll each 5 s at most (the spec's floor); at least one every 15 s despite the refusals. The engine's
    // clock also moves with real time (lib/testing/engine.ts), which a busy machine stretches past 120 s.
    const seconds = (t.engine.now().getTime() - start) / 1000;
    expect(livePolls.length).toBeGreaterThanOrEqual(120 / 15);
    expect(livePolls.length).toBeLessThanOrEqual(Math.floor(seconds / 5) + 1);
    expect(creations(calls).filter((call) => call.status === 429).length).toBeLessThan(40);
    expect((await submissions()).filter((s) => s.state === "queued")).toHaveLength(3);
  });

  it("a 5xx on creation is retried with the same key a bounded number of times, then needs attention", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    await emu.faults([{ kind: "status", status: 503, path: "/v1/images", times: 100 }]);
    const [id] = await t.submit(BODIES.gamma());
    for (let step = 0; step < 40; step += 1) {
      await dispatchOnce(t.engine);
      await t.advance(60);
    }
    expect(creations(calls)).toHaveLength(MAX_SEND_ATTEMPTS);
    expect(new Set(creations(calls).map((call) => call.target)).size).toBe(1);
    const held = await getSubmission(database().db, { id: id! });
    expect(held).toMatchObject({ state: "attention", error_code: "server_error" });
    expect(held?.error_message).toContain("import it by its id");
    expect(held?.error_message).toContain("may charge a second time");
    await expectBooksBalance(emu, apiKey);
  });

  it("delta-image-2 is never resent automatically after an unknown outcome, even where the key is ignored", async () => {
    const emu = emulator();
    await withProfile(emu, { deltaIdempotency: "ignored" });
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const calls = countCalls(t.engine);
    await emu.faults([{ kind: "accept_then_status", status: 500, path: "/v1/images", times: 1 }]);
    const [id] = await t.submit(BODIES.delta());
    for (let step = 0; step < 5; step += 1) {
      await dispatchOnce(t.engine);
      await t.advance(60);
    }
    expect(creations(calls)).toHaveLength(1);
    expect(await getSubmission(database().db, { id: id! })).toMatchObject({ state: "attention" });
    // Charged once, upstream; Darkroom holds it as needing attention rather than paying twice.
    expect(START - (await emu.credits(apiKey))).toBe(10); // 8 × 1.25 on the free plan
  });

  it("a 409 says in plain words that the key was used with another body", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.gamma());
    const key = (await getSubmission(database().db, { id: id! }))!.idempotency_key;
    expect((await emu.create("images", apiKey, BODIES.gamma("another prompt"), { key })).status).toBe(202);
    await dispatchOnce(t.engine);
    const held = await getSubmission(database().db, { id: id! });
    expect(held).toMatchObject({ state: "attention", error_code: "idempotency_conflict" });
    expect(held?.error_message).toContain("already used with a different request");
    expect(held?.error_message).not.toContain("bug");
  });

  for (const [name, patch] of [
    ["refused (401)", { apiKey: "replaced" }],
    ["disabled (403)", { disabled: true }],
  ] as const) {
    it(`a key ${name} holds the queue without losing anything, and it resumes once the key works`, async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const t: TestEngine =
        name === "refused (401)"
          ? await testEngine(emu, `${apiKey}-not-yet`)
          : (await emu.patchAccount(apiKey, patch as { disabled: boolean }), await testEngine(emu, apiKey));
      const calls = countCalls(t.engine);
      // A video model: gamma-5-pro's 403 may also mean "this request is not allowed" (its own test below).
      // With aspect_ratio, which some readings require in text mode.
      await t.submit({ ...BODIES.epsilon(), aspect_ratio: "16:9" }, { runs: 3 });
      await dispatchOnce(t.engine);
      await dispatchOnce(t.engine);
      expect(creations(calls)).toHaveLength(1);
      expect((await submissions()).every((s) => s.state === "queued")).toBe(true);
      expect(await getAuthHold(t.engine)).toMatchObject({ reason: name === "refused (401)" ? "key_refused" : "account_disabled" });

      if (name === "refused (401)") await emu.account({ apiKey: `${apiKey}-not-yet` });
      else await emu.patchAccount(apiKey, { disabled: false });
      await t.advance(30);
      await dispatchOnce(t.engine);
      expect(creations(calls)).toHaveLength(1); // the next check is a minute after the last
      await t.advance(31);
      await dispatchOnce(t.engine);
      expect(await getAuthHold(t.engine)).toBeUndefined();
      expect((await submissions()).every((s) => s.state === "accepted")).toBe(true);
    });
  }

  it("a hold with nothing left in line is lifted by a key check within a minute once the account works", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await emu.patchAccount(apiKey, { disabled: true });
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.gamma());
    await dispatchOnce(t.engine);
    expect(await getAuthHold(t.engine)).toMatchObject({ reason: "account_disabled" });
    // Its member cancels the waiting submission: nothing is left in line to serve as the check.
    await updateSubmission(database().db, { id: id!, state: "cancelled" });
    await emu.patchAccount(apiKey, { disabled: false });
    await t.advance(61);
    await dispatchOnce(t.engine);
    expect(await getAuthHold(t.engine)).toBeUndefined();
    expect(await emu.credits(apiKey)).toBe(START);
  });

  it("a gamma-5-pro 403 waits for a person (not allowed, or the account disabled) and holds the queue; nothing is charged", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await emu.patchAccount(apiKey, { disabled: true });
    const t = await testEngine(emu, apiKey);
    const [first, second] = await t.submit(BODIES.gamma(), { runs: 2 });
    await dispatchOnce(t.engine);
    const held = await getSubmission(database().db, { id: first! });
    // With the account_disabled code the whole queue simply waits; with a body that does not say, this one needs attention.
    expect(held?.state).toMatch(/^(queued|attention)$/);
    expect(await getSubmission(database().db, { id: second! })).toMatchObject({ state: "queued" });
    expect(await getAuthHold(t.engine)).toMatchObject({ reason: "account_disabled" });
    expect(await emu.credits(apiKey)).toBe(START);
  });

  it("a prompt blocked as a failed task is recorded with what it charged, and not followed up", async () => {
    const emu = emulator();
    await withProfile(emu, { promptBlocked: "task" });
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.gamma("a [[blocked]] kite"));
    await dispatchOnce(t.engine);
    const taskId = (await getSubmission(database().db, { id: id! }))!.task_id!;
    expect(await getTaskRow(database().db, { id: taskId })).toMatchObject({
      status: "failed",
      error_code: "prompt_blocked",
      credits_reserved: 0,
    });
    await expectBooksBalance(emu, apiKey);
  });

  it("a creation answer without a readable status still records the charged task, marked, and reads it later", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const inner = t.engine.client;
    // The upstream's answer as it came, with its status dropped (a form no profile plays: the reader's last line).
    t.engine.client = {
      ...inner,
      createImage: async (body, key) => {
        const outcome = await inner.createImage(body, key);
        if (!outcome.ok) return outcome;
        return {
          ok: false,
          kind: "malformed_response",
          status: 202,
          message: "unreadable",
          retryable: true,
          taskId: outcome.value.id,
          raw: outcome.raw,
        };
      },
    };
    const [id] = await t.submit(BODIES.gamma());
    await dispatchOnce(t.engine);
    const taskId = (await getSubmission(database().db, { id: id! }))!.task_id!;
    expect(await getTaskRow(database().db, { id: taskId })).toMatchObject({ status: "pending", unreadable: "unreadable" });
    const done = await t.pollUntil(taskId, (task) => task.status === "succeeded" && task.archive_state === "done", 30);
    expect(done).toMatchObject({ unreadable: null, credits_reserved: 44 });
    await expectBooksBalance(emu, apiKey);
  });
});
