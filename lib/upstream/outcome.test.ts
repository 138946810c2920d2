// Unit tests of what needs no server: Retry-After, lenient error bodies, the legacy mapping, and that
// no outcome ever carries the key or the upstream URL, even when the upstream or fetch put them in text.
import { describe, expect, it } from "vitest";
import { createUpstreamClient } from "./client";
import { readLegacyTask } from "./legacy";
import { failureFromStatus, parseRetryAfter, type UpstreamOutcome } from "./outcome";
import { parseErrorBody } from "./schemas";

const NOW = Date.parse("2030-01-01T00:00:00.000Z");
const SENTINEL_KEY = "sk-SENTINEL-7f3a9c";
const SENTINEL_URL = "https://sentinel-upstream.example.test:8443/gen";

describe("parseRetryAfter", () => {
  it.each([
    ["0", 0],
    ["30", 30_000],
    [" 120 ", 120_000],
    ["Tue, 01 Jan 2030 00:00:30 GMT", 30_000],
    ["Tuesday, 01-Jan-30 00:00:45 GMT", 45_000],
    ["Tue Jan  1 00:01:00 2030", 60_000],
    ["Mon, 31 Dec 2029 23:00:00 GMT", 0], // in the past: go now
  ])("reads %j as %d ms", (header, ms) => {
    expect(parseRetryAfter(header, NOW)).toBe(ms);
  });

  it.each([null, "", "soon", "-5", "1.5", "30 apples", "2030-01-01T00:00:30Z", "Tue, 99 Foo 2030 00:00:30 GMT"])("ignores %j", (header) => {
    expect(parseRetryAfter(header, NOW)).toBeUndefined();
  });
});

describe("parseErrorBody", () => {
  it.each([
    [
      { error: { code: "invalid_request", message: "Bad duration.", field: "duration", extra: 1 } },
      { code: "invalid_request", message: "Bad duration.", field: "duration" },
    ],
    [
      { errorCode: "INVALID_REQUEST", errorMessage: "Bad prompt.", field: "prompt" },
      { code: "INVALID_REQUEST", message: "Bad prompt.", field: "prompt" },
    ],
    [{ message: "Upstream overloaded" }, { message: "Upstream overloaded" }],
    [{ code: "rate_limited" }, { code: "rate_limited" }],
    [{ error: { code: 42, message: "odd code" } }, { message: "odd code" }],
    [{ error: "just a string" }, {}],
    ["<html>502 Bad Gateway</html>", {}],
    [undefined, {}],
    [[1, 2], {}],
  ])("reads %j", (body, expected) => {
    expect(parseErrorBody(body)).toEqual(expected);
  });
});

describe("failureFromStatus", () => {
  it("treats prompt_blocked on any 4xx as prompt_blocked, whatever the code's case", () => {
    expect(failureFromStatus(400, { code: "PROMPT_BLOCKED" }, undefined).kind).toBe("prompt_blocked");
    expect(failureFromStatus(500, { code: "prompt_blocked" }, undefined).kind).toBe("server_error");
  });

  it("tells rate from concurrency limits by the code, defaulting to rate", () => {
    expect(failureFromStatus(429, { code: "CONCURRENCY_LIMITED" }, 5000)).toMatchObject({
      kind: "concurrency_limited",
      retryAfterMs: 5000,
      retryable: true,
    });
    expect(failureFromStatus(429, {}, undefined)).toMatchObject({ kind: "rate_limited", retryable: true });
    expect(failureFromStatus(429, {}, undefined)).not.toHaveProperty("retryAfterMs");
  });

  it("marks only 5xx as retryable among the other statuses", () => {
    const retryable = [400, 401, 402, 403, 404, 409, 410, 413, 415, 422, 500, 502, 503].map((s) => [
      s,
      failureFromStatus(s, {}, undefined).retryable,
    ]);
    expect(Object.fromEntries(retryable)).toEqual({
      400: false,
      401: false,
      402: false,
      403: false,
      404: false,
      409: false,
      410: false,
      413: false,
      415: false,
      422: false,
      500: true,
      502: true,
      503: true,
    });
    expect(failureFromStatus(410, {}, undefined).kind).toBe("unexpected_status");
  });
});

describe("legacy mapping", () => {
  it("maps a legacy task onto the v1 Task shape", () => {
    const legacy = {
      taskId: "task_abc",
      modelKey: "alpha-2.3",
      status: "FAILED",
      creditCost: 38,
      errorCode: "GENERATION_FAILED",
      errorMessage: "The model failed.",
      refundedCredits: 38,
      createdAt: "2030-01-01T00:00:00.000Z",
      updatedAt: "2030-01-01T00:00:10.000Z",
      somethingNew: true,
    };
    expect(readLegacyTask(legacy)).toEqual({
      ok: true,
      task: {
        id: "task_abc",
        status: "failed",
        model: "alpha-2.3",
        created_at: "2030-01-01T00:00:00.000Z",
        updated_at: "2030-01-01T00:00:10.000Z",
        credits_reserved: 38,
        credits_refunded: 38,
        error: { code: "generation_failed", message: "The model failed." },
      },
    });
    expect(readLegacyTask({ ...legacy, status: "RUNNING", errorCode: undefined, refundedCredits: undefined })).toMatchObject({
      task: { status: "processing" },
    });
  });
});

/** A fetch that answers (or throws) a fresh copy of the same thing on every call. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  return (async () => answer()) as typeof fetch;
}

const leaky = `key ${SENTINEL_KEY} at ${SENTINEL_URL}/v1/tasks and ${new URL(SENTINEL_URL).host}`;

const LEAKY_UPSTREAMS: [string, () => Response | Promise<Response>][] = [
  ["a fetch error naming the URL", () => Promise.reject(new TypeError(`fetch failed: connect ECONNREFUSED ${SENTINEL_URL}`))],
  [
    "a 422 whose reason names key and URL",
    () => Response.json({ error: { code: "invalid_request", message: leaky, field: SENTINEL_KEY } }, { status: 422 }),
  ],
  ["a legacy 400 echoing them", () => Response.json({ errorCode: "INVALID_REQUEST", errorMessage: leaky }, { status: 400 })],
  ["a bare 503 echoing them", () => Response.json({ message: leaky }, { status: 503 })],
  ["an HTML 502 echoing them", () => new Response(`<h1>${leaky}</h1>`, { status: 502 })],
  ["a 200 that is not a task", () => Response.json({ id: SENTINEL_URL })],
];

describe("no key or upstream URL in any message", () => {
  it.each(LEAKY_UPSTREAMS)("%s", async (_, answer) => {
    const client = createUpstreamClient({ baseUrl: SENTINEL_URL, apiKey: SENTINEL_KEY, fetch: fakeFetch(answer) });
    const outcomes: UpstreamOutcome<unknown>[] = await Promise.all([
      client.createVideo("{}", "k1"),
      client.createImage("{}"),
      client.getTask("task_x"),
      client.createLegacyVideo("{}", "k2"),
      client.getLegacyTask("task_x"),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      const text = JSON.stringify(outcome);
      for (const secret of [SENTINEL_KEY, "sentinel-upstream", "8443"]) expect(text).not.toContain(secret);
    }
  });

  it("keeps the upstream's 422 reason, with the secrets cut out", async () => {
    const client = createUpstreamClient({ baseUrl: SENTINEL_URL, apiKey: SENTINEL_KEY, fetch: fakeFetch(LEAKY_UPSTREAMS[1]![1]) });
    const outcome = await client.createVideo("{}", "k1");
    expect(outcome).toMatchObject({ ok: false, kind: "invalid_request", status: 422, field: "[redacted]" });
    expect(!outcome.ok && outcome.message).toContain("key [redacted] at [redacted]/v1/tasks and [redacted]");
  });
});
