// The client against a real emulator over HTTP: every outcome kind is produced for real (faults stand in
// only where the emulator cannot misbehave on its own), and every outcome is recorded so the last test
// can check that none of them carries an API key or the upstream's address.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BODIES, emulatorForFile, newIdempotencyKey, type AccountView } from "@/emulator/testing";
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from "./client";
import type { UpstreamOutcome } from "./outcome";

const emulator = emulatorForFile();
const recorded: UpstreamOutcome<unknown>[] = [];
const usedKeys: string[] = [];

afterEach(async () => {
  await emulator().control("DELETE", "/faults");
});

/** A client that records its outcomes; its key contains a sentinel the last test looks for. */
function recording(client: UpstreamClient): UpstreamClient {
  const keep =
    <A extends unknown[], R extends UpstreamOutcome<unknown>>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const outcome = await call(...args);
      recorded.push(outcome);
      return outcome;
    };
  return {
    createVideo: keep(client.createVideo),
    createImage: keep(client.createImage),
    getTask: keep(client.getTask),
    createLegacyVideo: keep(client.createLegacyVideo),
    getLegacyTask: keep(client.getLegacyTask),
  };
}

const sentinelKey = () => `sk-SENTINEL-${randomBytes(6).toString("hex")}`;

async function setup(account: Partial<AccountView> = {}, options: Partial<UpstreamClientOptions> = {}) {
  const created = await emulator().account({ apiKey: sentinelKey(), ...account });
  usedKeys.push(created.apiKey);
  const client = recording(createUpstreamClient({ baseUrl: emulator().url, apiKey: created.apiKey, ...options }));
  return { apiKey: created.apiKey, client };
}

const body = (value: unknown) => JSON.stringify(value);
const hanging = (prompt = "a kite") => body(BODIES.alpha(`${prompt} [[hang]]`));

describe("creation and retrieval", () => {
  it("sends the exact body bytes and headers; 202 on creation, 200 replayed on the byte-identical retry", async () => {
    const sent: { body: unknown; headers: Headers }[] = [];
    const spy: typeof fetch = (input, init) => {
      sent.push({ body: init?.body, headers: new Headers(init?.headers) });
      return fetch(input, init);
    };
    const { apiKey, client } = await setup({}, { fetch: spy });
    // Odd key order and white space: a client that re-serialised would change these bytes.
    const exact = '{ "prompt": "a kite [[hang]]",\n  "model": "alpha-2.3" }';
    const key = newIdempotencyKey();

    const created = await client.createVideo(exact, key);
    expect(created).toMatchObject({
      ok: true,
      status: 202,
      replayed: false,
      value: { status: "pending", model: "alpha-2.3", credits_reserved: 38 },
    });
    const before = await emulator().credits(apiKey);
    const replay = await client.createVideo(exact, key);
    expect(replay).toMatchObject({ ok: true, status: 200, replayed: true });
    expect(replay.ok && created.ok && replay.value.id).toBe(created.ok && created.value.id);
    expect(await emulator().credits(apiKey)).toBe(before); // no second charge

    expect(sent.map((s) => s.body)).toEqual([exact, exact]);
    const headers = sent[0]!.headers;
    expect(
      Object.fromEntries(["authorization", "content-type", "idempotency-key", "accept", "x-api-key"].map((h) => [h, headers.get(h)])),
    ).toEqual({
      authorization: `Bearer ${apiKey}`,
      "content-type": "application/json",
      "idempotency-key": key,
      accept: "application/json",
      "x-api-key": null,
    });
  });

  it("retrieves a task until it succeeds, with its result URL (200)", async () => {
    const { apiKey, client } = await setup();
    const created = await client.createImage(body(BODIES.gamma()), newIdempotencyKey());
    if (!created.ok) throw new Error(created.message);
    await emulator().waitFor(apiKey, created.value.id);
    const done = await client.getTask(created.value.id);
    expect(done).toMatchObject({
      ok: true,
      status: 200,
      replayed: false,
      value: { id: created.value.id, status: "succeeded", credits_used: 44 },
    });
    expect(done.ok && done.value.data?.[0]?.url).toMatch(/^http.*\/media\/[0-9a-f]+\.png$/);
  });

  it("creates a delta-image-2 task without an Idempotency-Key", async () => {
    const { client } = await setup();
    expect(await client.createImage(body(BODIES.delta("a kite [[hang]]")))).toMatchObject({ ok: true, status: 202 });
  });
});

describe("legacy endpoints, mapped to the v1 Task shape", () => {
  it("creates (200, then replayed) and retrieves a failed, refunded task as v1 would show it", async () => {
    const { apiKey, client } = await setup();
    const sent = body(BODIES.legacy("a kite [[fail]]"));
    const key = newIdempotencyKey();
    const created = await client.createLegacyVideo(sent, key);
    expect(created).toEqual({
      ok: true,
      status: 200,
      replayed: false,
      value: { id: expect.stringMatching(/^task_/), status: "pending", model: "alpha-2.3", credits_reserved: 38 },
      raw: expect.any(String),
    });
    if (!created.ok) return;
    expect(await client.createLegacyVideo(sent, key)).toMatchObject({ ok: true, replayed: true, value: { id: created.value.id } });

    await emulator().waitFor(apiKey, created.value.id, (task) => task.credits_refunded !== undefined);
    const legacy = await client.getLegacyTask(created.value.id);
    const v1 = await client.getTask(created.value.id);
    expect(legacy).toMatchObject({
      ok: true,
      status: 200,
      value: { status: "failed", credits_refunded: 38, error: { code: "generation_failed" } },
    });
    expect(legacy.ok && legacy.value).toEqual(v1.ok && v1.value);
  });

  it("maps legacy errors (x-api-key rejected, 400 INVALID_REQUEST with its field, 404, prompt_blocked)", async () => {
    const { client } = await setup();
    const wrong = recording(createUpstreamClient({ baseUrl: emulator().url, apiKey: sentinelKey() }));
    expect(await wrong.createLegacyVideo(body(BODIES.legacy()), newIdempotencyKey())).toMatchObject({
      ok: false,
      kind: "key_rejected",
      status: 401,
    });
    const invalid = await client.createLegacyVideo(body({ ...BODIES.legacy(), resolution: "720P" }), newIdempotencyKey());
    expect(invalid).toMatchObject({ ok: false, kind: "invalid_request", status: 400, field: "resolution", retryable: false });
    expect(await client.getLegacyTask("task_nope")).toMatchObject({ ok: false, kind: "not_found", status: 404 });
    expect(await client.createLegacyVideo(body(BODIES.legacy("a [[blocked]] kite")), newIdempotencyKey())).toMatchObject({
      ok: false,
      kind: "prompt_blocked",
      field: "prompt",
    });
  });
});

describe("rejections", () => {
  it("401 key_rejected, 402 insufficient_credits, 403 forbidden, 404 not_found", async () => {
    const wrong = recording(createUpstreamClient({ baseUrl: emulator().url, apiKey: sentinelKey() }));
    expect(await wrong.getTask("task_nope")).toMatchObject({ ok: false, kind: "key_rejected", status: 401, retryable: false });
    const poor = await setup({ credits: 0 });
    expect(await poor.client.createVideo(hanging(), newIdempotencyKey())).toMatchObject({
      ok: false,
      kind: "insufficient_credits",
      status: 402,
      message: "Not enough credits for this request.",
    });
    const disabled = await setup({ disabled: true });
    expect(await disabled.client.createVideo(hanging(), newIdempotencyKey())).toMatchObject({
      ok: false,
      kind: "forbidden",
      status: 403,
      message: "The API account is disabled.",
    });
    const { client } = await setup();
    expect(await client.getTask("task_nope")).toMatchObject({ ok: false, kind: "not_found", status: 404, retryable: false });
  });

  it("409 idempotency_conflict: the same key with another body", async () => {
    const { client } = await setup();
    const key = newIdempotencyKey();
    expect(await client.createVideo(hanging("one"), key)).toMatchObject({ ok: true, status: 202 });
    expect(await client.createVideo(hanging("two"), key)).toMatchObject({
      ok: false,
      kind: "idempotency_conflict",
      status: 409,
      retryable: false,
    });
  });

  it("413 payload_too_large for a 70 KB body", async () => {
    const { client } = await setup();
    const big = body(BODIES.alpha("x".repeat(70_000)));
    expect(await client.createVideo(big, newIdempotencyKey())).toMatchObject({ ok: false, kind: "payload_too_large", status: 413 });
  });

  it("415 unsupported_media_type (injected: the client always sends JSON)", async () => {
    const { client } = await setup();
    await emulator().faults([{ kind: "status", status: 415, path: "/v1/videos" }]);
    expect(await client.createVideo(hanging(), newIdempotencyKey())).toMatchObject({
      ok: false,
      kind: "unsupported_media_type",
      status: 415,
    });
  });

  it("422 invalid_request with the upstream's reason and field; 422 prompt_blocked", async () => {
    const { client } = await setup();
    const invalid = await client.createVideo(body({ ...BODIES.alpha(), resolution: "720p" }), newIdempotencyKey());
    expect(invalid).toMatchObject({ ok: false, kind: "invalid_request", status: 422, field: "resolution", retryable: false });
    expect(!invalid.ok && invalid.message).toMatch(/^The generation service rejected the request\. .+ \(field: resolution\)$/);
    const blocked = await client.createImage(body(BODIES.gamma("a [[blocked]] kite")), newIdempotencyKey());
    expect(blocked).toMatchObject({ ok: false, kind: "prompt_blocked", status: 422, field: "prompt", retryable: false });
  });
});

describe("limits", () => {
  // Retry-After as the upstream may send it: delta-seconds, an HTTP date (90 s ahead when the file loads), garbage.
  it.each([
    [30, 30_000, 30_000],
    [new Date(Date.now() + 90_000).toUTCString(), 60_000, 90_000],
    ["garbage", undefined, undefined],
  ] as const)("429 rate_limited with Retry-After %j", async (retryAfter, min, max) => {
    const { client } = await setup();
    await emulator().faults([{ kind: "status", status: 429, retryAfter, path: "/v1/tasks" }]);
    const outcome = await client.getTask("task_nope");
    expect(outcome).toMatchObject({ ok: false, kind: "rate_limited", status: 429, retryable: true });
    const ms = outcome.ok ? undefined : outcome.retryAfterMs;
    if (min === undefined) expect(ms).toBeUndefined();
    else expect(ms).toSatisfy((v: number) => v >= min && v <= max);
  });

  it("429 concurrency_limited for a 4th live video on one account", async () => {
    const { client } = await setup();
    for (let i = 0; i < 3; i++)
      expect(await client.createVideo(hanging(`kite ${i}`), newIdempotencyKey())).toMatchObject({ ok: true, status: 202 });
    const fourth = await client.createVideo(hanging("kite 4"), newIdempotencyKey());
    expect(fourth).toMatchObject({ ok: false, kind: "concurrency_limited", status: 429, retryAfterMs: 5000, retryable: true });
  });
});

describe("transport", () => {
  it("5xx server_error (retryable)", async () => {
    const { client } = await setup();
    await emulator().faults([{ kind: "status", status: 503, path: "/v1/videos" }]);
    expect(await client.createVideo(hanging(), newIdempotencyKey())).toMatchObject({
      ok: false,
      kind: "server_error",
      status: 503,
      retryable: true,
    });
  });

  it("network_error against a closed port", async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) =>
      server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
    );
    await new Promise((resolve) => server.close(resolve));
    const client = recording(createUpstreamClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: sentinelKey() }));
    expect(await client.getTask("task_x")).toEqual({ ok: false, kind: "network_error", message: expect.any(String), retryable: true });
  });

  it("timeout when the upstream is slower than the client's limit", async () => {
    const { client } = await setup({}, { timeoutMs: 200 });
    await emulator().faults([{ kind: "delay", delayMs: 2000, path: "/v1/tasks" }]);
    // A timeout, not the 404 the emulator answers once its 2 s delay is over: the client gave up first.
    expect(await client.getTask("task_nope")).toMatchObject({ ok: false, kind: "timeout", retryable: true });
  });

  it("unexpected_status for a status the spec does not list (not retryable)", async () => {
    const { client } = await setup();
    await emulator().faults([{ kind: "status", status: 418, path: "/v1/tasks" }]);
    expect(await client.getTask("task_nope")).toMatchObject({ ok: false, kind: "unexpected_status", status: 418, retryable: false });
  });

  it("malformed_response for a 200 that is not a task (retryable)", async () => {
    const { client } = await setup();
    await emulator().faults([{ kind: "malformed", path: "/v1/tasks" }]);
    expect(await client.getTask("task_nope")).toMatchObject({ ok: false, kind: "malformed_response", status: 200, retryable: true });
  });
});

describe("answers nested deeper than any task", () => {
  // JSON.parse reads 10,000 levels; JSON.stringify (the raw answer kept) and any recursive walk of them overflow the stack.
  const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
  const answering = (text: string) =>
    createUpstreamClient({
      baseUrl: "https://upstream.example.com",
      apiKey: "sk-depth",
      fetch: async () => new Response(text, { status: 200, headers: { "content-type": "application/json" } }),
    });

  it("reads the task and keeps its raw answer cut at 32 levels, without a RangeError", async () => {
    const outcome = await answering(`{"id":"task_deep","status":"pending","extra":${deep}}`).getTask("task_deep");
    expect(outcome).toMatchObject({ ok: true, value: { id: "task_deep", status: "pending" } });
    const raw = outcome.ok ? JSON.parse(outcome.raw!) : undefined;
    expect(JSON.stringify(raw.extra)).toBe(`${"[".repeat(31)}"[nested too deep]"${"]".repeat(31)}`);
  });

  it("takes a status nested thousands deep as unreadable, without a RangeError", async () => {
    expect(await answering(`{"id":"task_deep","status":${deep}}`).getTask("task_deep")).toMatchObject({
      ok: false,
      kind: "malformed_response",
      message: expect.stringContaining("the answer's status (a list) is not one Darkroom knows"),
      taskId: "task_deep",
    });
    expect(await answering(`{"taskId":"task_deep","status":${deep}}`).getLegacyTask("task_deep")).toMatchObject({
      ok: false,
      kind: "malformed_response",
      message: expect.stringContaining("the answer's status (a list) is not one Darkroom knows"),
    });
  });
});

// Runs last (tests in a file run in order): it checks what all the tests above recorded.
it("no outcome above carries an API key or the upstream's address", () => {
  const { host } = new URL(emulator().url);
  const kinds = new Set(recorded.map((o) => (o.ok ? `ok_${o.status}` : o.kind)));
  expect(kinds.size).toBe(18); // 16 failure kinds, 200 and 202
  for (const outcome of recorded) {
    const text = JSON.stringify(outcome.ok ? { ...outcome, value: undefined } : outcome);
    for (const secret of [...usedKeys, "SENTINEL", emulator().url, host]) expect(text).not.toContain(secret);
  }
});
