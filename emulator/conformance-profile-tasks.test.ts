// Conformance over real HTTP: the profile switches that change tasks (their form, their statuses, what a
// blocked prompt or a reused key does, the legacy shapes), each at its non-default values.
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PROFILE, type Profile } from "./profile";
import { BODIES, ISO_MS, emulatorForFile, newIdempotencyKey, type Json } from "./testing";

// 30 s tasks, so each live phase (and requeue's) is seen by polls 5 s apart.
const emulator = emulatorForFile({ profile: {}, timings: { imageSeconds: 30, videoSeconds: 30, refundSeconds: 10 } });
const use = (patch: Partial<Profile>) => emulator().setProfile(patch);
afterEach(async () => {
  await emulator().setProfile(DEFAULT_PROFILE);
});

/** A gamma task that failed and whose refund of 44 has settled. */
async function refundedTask(apiKey: string): Promise<Json> {
  const emu = emulator();
  const created = await emu.createTask("images", apiKey, BODIES.gamma("a storm [[fail]]"));
  await emu.waitFor(apiKey, created.id, (task) => task.credits_refunded !== undefined);
  return created;
}

describe("creditsRefunded", () => {
  it('sends the settled refund as 44, "44", true or {amount: 44}', async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await refundedTask(apiKey);
    const forms: [Profile["creditsRefunded"], unknown][] = [
      ["number", 44],
      ["string", "44"],
      ["boolean", true],
      ["object", { amount: 44 }],
    ];
    for (const [form, value] of forms) {
      await use({ creditsRefunded: form });
      const got = (await emu.getTask(apiKey, task.id)).body;
      expect(got).toMatchObject({ status: "failed", error: { code: "generation_failed" } });
      expect(got.credits_refunded).toEqual(value);
    }
    // One refund, whatever its form.
    expect(await emu.credits(apiKey)).toBe(100_000);
  });
});

describe("nullFields, timestamps and errorObject", () => {
  it("nullFields: every field that does not apply is null, from creation to success", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ nullFields: true });
    const created = await emu.createTask("images", apiKey, BODIES.gamma());
    expect(created).toMatchObject({ status: "pending", credits_used: null, data: null, error: null, credits_refunded: null });
    expect(created.created_at).toMatch(ISO_MS);
    const done = await emu.waitFor(apiKey, created.id);
    expect(done).toMatchObject({ status: "succeeded", credits_used: 44, error: null, credits_refunded: null });
    expect(done.data).toHaveLength(1);
  });

  it("timestamps creation-only: retrievals omit created_at and updated_at (null with nullFields)", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ timestamps: "creation-only" });
    const created = await emu.createTask("images", apiKey, BODIES.gamma("a kite [[hang]]"));
    expect(created.created_at).toMatch(ISO_MS);
    expect(created.updated_at).toMatch(ISO_MS);
    const got = (await emu.getTask(apiKey, created.id)).body;
    expect(Object.keys(got).sort()).toEqual(["credits_reserved", "id", "model", "status"]);
    await use({ nullFields: true });
    expect((await emu.getTask(apiKey, created.id)).body).toMatchObject({ created_at: null, updated_at: null });
  });

  it("errorObject extended: the error carries type, param, request_id and details beside code and message", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const task = await refundedTask(apiKey);
    expect(Object.keys((await emu.getTask(apiKey, task.id)).body.error).sort()).toEqual(["code", "message"]);
    await use({ errorObject: "extended" });
    const { error } = (await emu.getTask(apiKey, task.id)).body;
    expect(error).toEqual({
      code: "generation_failed",
      message: expect.any(String),
      type: expect.any(String),
      param: null,
      request_id: expect.stringMatching(/^req_/),
      details: expect.any(Object),
    });
  });
});

describe("initialStatus and requeue", () => {
  it("initialStatus processing: every new task starts processing, v1 and legacy", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ initialStatus: "processing" });
    for (const [endpoint, body] of [
      ["images", BODIES.gamma("a kite [[hang]]")],
      ["videos", BODIES.epsilon("a kite [[hang]]")],
    ] as const) {
      expect((await emu.createTask(endpoint, apiKey, body)).status).toBe("processing");
    }
    expect((await emu.legacyCreate(apiKey, BODIES.legacy("a kite [[hang]]"))).body.status).toBe("RUNNING");
  });

  it("requeue: processing goes back to pending once, then processing, then succeeded, holding its slot throughout", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ requeue: true });
    const created = await emu.createTask("images", apiKey, BODIES.gamma());
    for (let i = 0; i < 4; i++) await emu.createTask("images", apiKey, BODIES.gamma(`a kite ${i} [[hang]]`));
    const seen: string[] = [created.status];
    // Processing from 1 s, pending again from 10.7 s, processing from 20.3 s, succeeded at 30 s; polls at
    // least 5 s apart, so each one refreshes.
    for (const t of [5, 15, 25, 31]) {
      await emu.advanceTo(Date.parse(created.created_at) + t * 1000);
      const got = (await emu.getTask(apiKey, created.id)).body;
      if (got.status !== seen[seen.length - 1]) seen.push(got.status);
      // Pending again is still live: the account's fifth image slot stays taken until success.
      if (got.status !== "succeeded") expect((await emu.create("images", apiKey, BODIES.gamma())).status).toBe(429);
    }
    expect(seen).toEqual(["pending", "processing", "pending", "processing", "succeeded"]);
  });
});

describe("promptBlocked", () => {
  it.each([400, 403] as const)("%s: a blocked prompt is that status with prompt_blocked, uncharged, key not remembered", async (status) => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ promptBlocked: status });
    const key = newIdempotencyKey();
    const res = await emu.create("images", apiKey, BODIES.gamma("a [[blocked]] kite"), { key });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe("prompt_blocked");
    expect(await emu.credits(apiKey)).toBe(100_000);
    expect((await emu.create("images", apiKey, BODIES.gamma("a kite"), { key })).status).toBe(202);
  });

  it("task: 202 with a task already failed with prompt_blocked, credits_reserved 0, nothing charged or refunded", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ promptBlocked: "task" });
    const key = newIdempotencyKey();
    const body = BODIES.gamma("a [[blocked]] kite");
    const res = await emu.create("images", apiKey, body, { key });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "failed", credits_reserved: 0, error: { code: "prompt_blocked" } });
    const replay = await emu.create("images", apiKey, body, { key });
    expect([replay.status, replay.body.id]).toEqual([200, res.body.id]);
    await emu.advance(3600);
    const got = (await emu.getTask(apiKey, res.body.id)).body;
    expect(got).toMatchObject({ status: "failed", credits_reserved: 0, error: { code: "prompt_blocked" } });
    expect(got.credits_refunded).toBeUndefined();
    expect(await emu.credits(apiKey)).toBe(100_000);
  });
});

describe("deltaIdempotency", () => {
  it("ignored: family D treats every POST as new, same key and body or not, and charges each", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ deltaIdempotency: "ignored" });
    const key = newIdempotencyKey();
    const a = await emu.create("images", apiKey, BODIES.delta(), { key });
    const b = await emu.create("images", apiKey, BODIES.delta(), { key });
    const c = await emu.create("images", apiKey, BODIES.delta("another"), { key });
    expect([a.status, b.status, c.status]).toEqual([202, 202, 202]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(3);
    expect(await emu.credits(apiKey)).toBe(100_000 - 3 * 10);
    // Other models still honour the key.
    const g = await emu.create("images", apiKey, BODIES.gamma(), { key });
    expect((await emu.create("images", apiKey, BODIES.gamma(), { key })).body.id).toBe(g.body.id);
  });
});

describe("legacyShape", () => {
  it("b: {taskId, state, cost} at creation; state QUEUED → RUNNING → SUCCEEDED with videoUrl on retrieval", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ legacyShape: "b" });
    const res = await emu.legacyCreate(apiKey, BODIES.legacy());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ taskId: expect.stringMatching(/^task_/), state: "QUEUED", cost: 38 });
    const got = (await emu.legacyGet(apiKey, res.body.taskId)).body;
    expect(got).toEqual({
      taskId: res.body.taskId,
      model: "alpha-2.3",
      state: "QUEUED",
      cost: 38,
      createdAt: expect.stringMatching(ISO_MS),
      updatedAt: expect.stringMatching(ISO_MS),
    });
    await emu.advance(10);
    expect((await emu.legacyGet(apiKey, res.body.taskId)).body.state).toBe("RUNNING");
    await emu.advance(30);
    expect((await emu.legacyGet(apiKey, res.body.taskId)).body).toMatchObject({ state: "SUCCEEDED", videoUrl: expect.any(String) });
  });

  it("b: a failed legacy task shows error {code, message} and the refund", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    await use({ legacyShape: "b" });
    const { taskId } = (await emu.legacyCreate(apiKey, BODIES.legacy("a storm [[fail]]"))).body;
    await emu.advance(60);
    expect((await emu.legacyGet(apiKey, taskId)).body).toMatchObject({
      state: "FAILED",
      error: { code: "generation_failed", message: expect.any(String) },
      refunded: 38,
    });
  });
});
