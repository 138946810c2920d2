// Issue 26, part 4: every failed task and refused submission shows its code. What the engine keeps of a refusal
// (the service's code as sent, its field, the HTTP status) reaches the views, and the chip's reading of them
// (components/shared/error-codes.ts) names the spec's codes and marks the others "not in the spec".
import { beforeAll, describe, expect, it } from "vitest";
import { submissionErrorCode, taskErrorCode } from "@/components/shared/error-codes";
import { BODIES, emulatorForFile, FAST_TIMINGS } from "@/emulator/testing";
import { database } from "@/lib/db";
import { getSubmission } from "@/lib/db/submissions";
import { insertTask } from "@/lib/db/tasks";
import { getListedTask } from "@/lib/db/task-list";
import { dispatchOnce, MAX_SEND_ATTEMPTS } from "@/lib/tasks/engine/dispatch";
import { submissionWithPosition } from "@/lib/tasks/queue";
import { listedTaskView } from "@/lib/tasks/task-views";
import { migrated } from "@/lib/testing/app";
import { testEngine } from "@/lib/testing/engine";

const emulator = emulatorForFile({ timings: FAST_TIMINGS });

describe("error codes in sight", () => {
  beforeAll(migrated);

  it("a blocked prompt's submission shows prompt_blocked, a spec code", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.gamma("a cat [[blocked]]"));
    await dispatchOnce(t.engine);
    const view = await submissionWithPosition(id!);
    expect(view.state).toBe("rejected");
    expect(view.error).toMatchObject({ code: "prompt_blocked", upstreamCode: "prompt_blocked", status: 422 });
    expect(submissionErrorCode(view)).toEqual({ code: "prompt_blocked", field: "prompt", inSpec: true });
  });

  it("a 4xx with a code the spec does not list shows it as sent, marked not in the spec", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    // The emulator's injected faults answer with the code `injected_fault`.
    await emu.faults([{ kind: "status", status: 422, path: "/v1/images", times: 1 }]);
    const [id] = await t.submit(BODIES.gamma("a refused kite"));
    await dispatchOnce(t.engine);
    const view = await submissionWithPosition(id!);
    expect(view).toMatchObject({ state: "rejected", error: { code: "invalid_request", upstreamCode: "injected_fault", status: 422 } });
    // A 4xx's status is not shown: its code says more.
    expect(submissionErrorCode(view)).toEqual({ code: "injected_fault", inSpec: false });
  });

  it("a creation that keeps answering 5xx needs a decision and shows the HTTP status", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    await emu.faults([{ kind: "status", status: 503, path: "/v1/images", times: MAX_SEND_ATTEMPTS }]);
    const [id] = await t.submit(BODIES.gamma("a stormy harbour"));
    for (let attempt = 0; attempt < MAX_SEND_ATTEMPTS; attempt += 1) {
      await dispatchOnce(t.engine);
      if ((await getSubmission(database().db, { id: id! }))?.state === "attention") break;
      // Past the backoff (at most 30 s), so the next round sends again.
      await t.advance(31);
    }
    const view = await submissionWithPosition(id!);
    expect(view).toMatchObject({ state: "attention", error: { code: "server_error", status: 503 } });
    expect(submissionErrorCode(view)).toMatchObject({ status: 503 });
    // No money moved: the service never accepted it.
    expect(await emu.credits(apiKey)).toBe(100_000);
  });

  it("a failed task shows generation_failed; a code the spec does not list is shown as stored, not in the spec", async () => {
    const emu = emulator();
    const { apiKey } = await emu.account();
    const t = await testEngine(emu, apiKey);
    const [id] = await t.submit(BODIES.gamma("a storm [[fail]]"));
    await dispatchOnce(t.engine);
    const taskId = (await getSubmission(database().db, { id: id! }))!.task_id!;
    await t.pollUntil(taskId, (task) => task.status === "failed");
    expect(taskErrorCode(listedTaskView((await getListedTask(database().db, { id: taskId }))!))).toEqual({
      code: "generation_failed",
      inSpec: true,
    });

    // What poll.ts stores of an upstream's own code (scrubbed to a lower-case word by lib/upstream/scrub.ts).
    const at = new Date().toISOString();
    await insertTask(database().db, {
      id: "task_odd_code",
      model: "gamma-5-pro",
      kind: "image",
      status: "failed",
      error_code: "quota_exploded",
      error_message: "The quota exploded.",
      created_at: at,
      updated_at: at,
    });
    const odd = listedTaskView((await getListedTask(database().db, { id: "task_odd_code" }))!);
    expect(taskErrorCode(odd)).toEqual({ code: "quota_exploded", inSpec: false });
  });
});
