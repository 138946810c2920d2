import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { getResults, getTaskRow } from "@/lib/db/tasks";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { migrated } from "@/lib/testing/app";
import { dispatchOnce } from "./dispatch";
import { pollOnce } from "./poll";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });

describe("task engine", () => {
  beforeAll(migrated);

  it("stores, sends, polls and archives a task, charging once", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.gamma());
    const stored = await getSubmission(database().db, { id: id! });
    expect(stored).toMatchObject({ state: "queued", attempts: 0 });
    expect(stored?.idempotency_key).toMatch(/^darkroom-/);

    expect(await dispatchOnce(t.engine)).toBe(1);
    const accepted = await getSubmission(database().db, { id: id! });
    expect(accepted?.state).toBe("accepted");
    const taskId = accepted!.task_id!;
    // pending, or processing where the API starts there (the emulator's initialStatus profile).
    expect(await getTaskRow(database().db, { id: taskId })).toMatchObject({
      status: expect.stringMatching(/^(pending|processing)$/),
      credits_reserved: 44,
      user_id: "user_test",
    });
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);

    // Not due before 5 s have passed.
    expect(await pollOnce(t.engine)).toBe(0);
    await t.advance(5);
    expect(await pollOnce(t.engine)).toBe(1);
    const done = await t.pollUntil(taskId, (task) => task.archive_state === "done");
    expect(done).toMatchObject({ status: "succeeded", archive_state: "done", credits_used: 44 });
    const [result] = await getResults(database().db, { taskId });
    expect(result?.file && (await t.engine.media.exists(result.file))).toBe(true);
    expect(result?.thumbnail && (await t.engine.media.exists(result.thumbnail))).toBe(true);
    expect(t.events.some((e) => e.type === "task" && e.id === taskId && e.status === "succeeded")).toBe(true);
    expect(await emu.credits(apiKey)).toBe(100_000 - 44);
  });

  for (const kind of ["accept_then_status", "accept_then_drop"] as const) {
    it(`creates exactly one task when the upstream accepts and then the answer is lost (${kind})`, async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const t = await testEngine(emu, apiKey);
      await emu.faults([{ method: "POST", path: "/v1/images", kind, status: 500 }]);
      const [id] = await t.submit(BODIES.gamma());
      await dispatchOnce(t.engine);
      const retrying = await getSubmission(database().db, { id: id! });
      expect(retrying).toMatchObject({ state: "queued", attempts: 1 });
      expect(await emu.credits(apiKey)).toBe(100_000 - 44); // the upstream did charge

      await t.advance(2); // past the backoff
      await dispatchOnce(t.engine);
      const accepted = await getSubmission(database().db, { id: id! });
      expect(accepted?.state).toBe("accepted");
      expect(accepted?.idempotency_key).toBe(retrying?.idempotency_key);
      expect(await emu.credits(apiKey)).toBe(100_000 - 44); // the retry was a replay
    });
  }

  it("ends a submission the upstream refuses, with its reason, and never retries it", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account({ credits: 10 });
    const t = await testEngine(emu, apiKey);
    const [poor] = await t.submit(BODIES.gamma());
    const [blocked] = await t.submit(BODIES.gamma("a cat [[blocked]]"));
    await dispatchOnce(t.engine);
    expect(await getSubmission(database().db, { id: poor! })).toMatchObject({ state: "rejected", error_code: "insufficient_credits" });
    // Blocked at creation: refused (with prompt_blocked when the body says so; a bare 4xx cannot), or, where
    // the API answers a failed task instead, that task recorded as blocked. Either way nothing more is sent.
    const ended = await getSubmission(database().db, { id: blocked! });
    if (ended?.state === "accepted") {
      expect(await getTaskRow(database().db, { id: ended.task_id! })).toMatchObject({ status: "failed", error_code: "prompt_blocked" });
    } else {
      expect(ended).toMatchObject({ state: "rejected", error_code: expect.stringMatching(/^(prompt_blocked|invalid_request|forbidden)$/) });
    }
    await t.advance(60);
    expect(await dispatchOnce(t.engine)).toBe(0);
    expect(await emu.credits(apiKey)).toBe(10);
  });
});
