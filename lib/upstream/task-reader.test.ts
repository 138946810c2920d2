// Reading a Task under every form the spec leaves open, on raw bodies: each field is read on its own,
// and only a missing id or status makes an answer unreadable (and even then the id is kept).
import { describe, expect, it } from "vitest";
import { readLegacyTask } from "./legacy";
import { readTask } from "./task-reader";
import { unmappedFields } from "./unmapped";

const FAILED = {
  id: "task_abc",
  status: "failed",
  model: "gamma-5-pro",
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:10.000Z",
  credits_reserved: 44,
  error: { code: "generation_failed", message: "The model failed." },
};

describe("readTask", () => {
  it.each([
    ["a number", 44, 44],
    ["a numeric string", "44", 44],
    ["true (the whole reservation)", true, 44],
    ["an object with the amount", { amount: 44 }, 44],
    ["an object with the amount as a string", { amount: "44" }, 44],
    ["null (not settled yet)", null, undefined],
    ["false", false, undefined],
    ["garbage", "soon", undefined],
  ])("reads credits_refunded as %s", (_, value, expected) => {
    const reading = readTask({ ...FAILED, credits_refunded: value });
    expect(reading).toMatchObject({ ok: true, task: { id: "task_abc", status: "failed", credits_reserved: 44 } });
    expect(reading.ok && reading.task.credits_refunded).toBe(expected);
  });

  it("takes null for absent in every field, and ignores fields it does not know", () => {
    const reading = readTask({
      id: "task_n",
      status: "processing",
      model: "alpha-2.3",
      created_at: null,
      updated_at: null,
      credits_reserved: 30,
      credits_used: null,
      data: null,
      error: null,
      credits_refunded: null,
      something_new: { nested: [1, 2] },
    });
    expect(reading).toEqual({ ok: true, task: { id: "task_n", status: "processing", model: "alpha-2.3", credits_reserved: 30 } });
  });

  it("survives missing timestamps and odd ones, and reads an extended error object", () => {
    const reading = readTask({
      id: "task_e",
      status: "failed",
      credits_reserved: "38",
      updated_at: "yesterday-ish",
      error: { code: "GENERATION_FAILED", message: "No.", type: "provider_error", param: null, request_id: "req_1", details: [{ a: 1 }] },
    });
    expect(reading).toEqual({
      ok: true,
      task: { id: "task_e", status: "failed", credits_reserved: 38, error: { code: "generation_failed", message: "No." } },
    });
  });

  it("reads results item by item, skipping items without a URL", () => {
    const reading = readTask({
      ...FAILED,
      status: "succeeded",
      error: undefined,
      data: [{ url: "https://x.example/1.png", width: 1024 }, { nope: 1 }],
    });
    expect(reading.ok && reading.task.data).toEqual([{ url: "https://x.example/1.png", width: 1024 }]);
  });

  it("is unreadable without a status, but keeps the id; unreadable without an id", () => {
    expect(readTask({ ...FAILED, status: undefined })).toMatchObject({ ok: false, id: "task_abc" });
    expect(readTask({ ...FAILED, status: "exploded" })).toMatchObject({ ok: false, id: "task_abc" });
    expect(readTask({ ...FAILED, id: null })).toMatchObject({ ok: false, problem: "the answer has no task id" });
    expect(readTask("<html>")).toMatchObject({ ok: false });
  });

  it("reads a task without credits_reserved or model (the caller keeps what it knew)", () => {
    expect(readTask({ id: "task_m", status: "PENDING" })).toEqual({ ok: true, task: { id: "task_m", status: "pending" } });
  });
});

describe("readLegacyTask", () => {
  it("maps naming scheme a ({taskId, creditCost, status})", () => {
    expect(readLegacyTask({ taskId: "abc123", status: "RUNNING", creditCost: 38, modelKey: "alpha-2.3" })).toEqual({
      ok: true,
      task: { id: "abc123", status: "processing", model: "alpha-2.3", credits_reserved: 38 },
    });
  });

  it("maps naming scheme b ({taskId, cost, state, videoUrl}) and keeps what it cannot map", () => {
    const answer = {
      taskId: "9f2c",
      cost: "38",
      state: "SUCCEEDED",
      videoUrl: "https://cdn.example/v.mp4",
      quota: { left: 3 },
      link: "https://x",
    };
    expect(readLegacyTask(answer)).toEqual({
      ok: true,
      // The one cost figure is, on success, what was used (docs/engine.md, "Legacy answers").
      task: { id: "9f2c", status: "succeeded", credits_reserved: 38, credits_used: 38, data: [{ url: "https://cdn.example/v.mp4" }] },
    });
    // A named final debit wins; a live or failed task has used nothing.
    expect(readLegacyTask({ taskId: "9f2c", cost: 38, creditsUsed: 30, state: "SUCCEEDED" })).toMatchObject({ task: { credits_used: 30 } });
    expect(readLegacyTask({ taskId: "9f2c", cost: 38, state: "RUNNING" })).not.toHaveProperty("task.credits_used");
    expect(unmappedFields(JSON.stringify(answer))).toEqual({ quota: { left: 3 }, link: "[address left out]" });
    // A hostile upstream's field nested 20,000 deep is cut, not a stack overflow whenever the task is read.
    const deep = `{"id":"task_abc","status":"pending","extra":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    expect(unmappedFields(deep)).toEqual({ extra: [[[[["[nested too deep]"]]]]] });
    expect(readLegacyTask({ taskId: "9f2c", cost: 38, state: "QUEUED" })).toMatchObject({ task: { status: "pending" } });
    expect(readLegacyTask({ taskId: "9f2c", cost: 38, state: "FAILED", refunded: true })).toMatchObject({
      task: { status: "failed", credits_refunded: 38 },
    });
  });

  it("takes a creation answer without a status as pending, with the model that was asked for", () => {
    expect(readLegacyTask({ taskId: "t1", creditCost: 38 }, { creation: true, fallbackModel: "alpha-2.3" })).toEqual({
      ok: true,
      task: { id: "t1", status: "pending", model: "alpha-2.3", credits_reserved: 38 },
    });
    expect(readLegacyTask({ taskId: "t1", creditCost: 38 })).toMatchObject({ ok: false, id: "t1" });
  });
});
