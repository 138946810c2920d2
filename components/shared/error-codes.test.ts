// Which code the chip shows for each way a task or a submission can end badly, and when it says "not in the spec".
import { describe, expect, it } from "vitest";
import type { SubmissionView, TaskView } from "@/lib/schemas/views";
import { submissionErrorCode, taskErrorCode } from "./error-codes";

const task = (patch: Partial<TaskView>) => ({ status: "failed", error: null, mediaDeletedAt: null, ...patch }) as TaskView;
const submission = (state: SubmissionView["state"], error: Partial<NonNullable<SubmissionView["error"]>>) =>
  ({ state, error: { code: "invalid_request", message: null, field: null, ...error } }) as SubmissionView;

describe("a task's code", () => {
  it("is its failure's code, in the spec or marked as not", () => {
    for (const code of ["generation_failed", "refund_pending", "media_deleted", "prompt_blocked"])
      expect(taskErrorCode(task({ error: { code, message: null } }))).toEqual({ code, inSpec: true });
    expect(taskErrorCode(task({ error: { code: "unknown", message: null } }))).toEqual({ code: "unknown", inSpec: false });
  });

  it("is media_deleted for a success whose upstream copy was deleted, and nothing for a plain success", () => {
    expect(taskErrorCode(task({ status: "succeeded", mediaDeletedAt: "2026-11-01T00:00:00.000Z" }))).toEqual({
      code: "media_deleted",
      inSpec: true,
    });
    expect(taskErrorCode(task({ status: "succeeded" }))).toBeUndefined();
    expect(taskErrorCode(task({ status: "processing" }))).toBeUndefined();
  });
});

describe("a submission's code", () => {
  it("is the service's code and field for a 422, and Darkroom's name where the service sent none", () => {
    expect(submissionErrorCode(submission("rejected", { upstreamCode: "invalid_request", field: "duration", status: 422 }))).toEqual({
      code: "invalid_request",
      field: "duration",
      inSpec: true,
    });
    expect(submissionErrorCode(submission("attention", { code: "timeout" }))).toEqual({ code: "timeout", inSpec: true });
    // Rows stored before the service's code was kept (0019) show Darkroom's reading.
    expect(submissionErrorCode(submission("rejected", { code: "insufficient_credits" }))).toEqual({
      code: "insufficient_credits",
      inSpec: true,
    });
  });

  it("carries the HTTP status of a 5xx only, and marks a code the spec does not list", () => {
    expect(submissionErrorCode(submission("attention", { code: "server_error", upstreamCode: "overloaded", status: 502 }))).toEqual({
      code: "overloaded",
      status: 502,
      inSpec: false,
    });
  });

  it("is nothing while it waits: a rate limit or a budget hold is not an error", () => {
    expect(submissionErrorCode(submission("queued", { code: "rate_limited", status: 429 }))).toBeUndefined();
    expect(submissionErrorCode({ state: "rejected", error: null } as SubmissionView)).toBeUndefined();
  });
});
