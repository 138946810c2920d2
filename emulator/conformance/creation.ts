// Conformance over real HTTP: the accepted task, and the rules shared by every generation POST
// (415, 413, 400, Idempotency-Key, replay, conflict) with the decisions doc's order of checks. Run against the
// emulator (emulator/conformance-creation.test.ts) and against Darkroom's gateway with a personal access token
// (app/api/gateway-conformance.test.ts); `on` says where the gateway differs on purpose.
import { request, type IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { BODIES, ISO_MS, TASK_FIELDS, newIdempotencyKey, type EmulatorClient } from "../testing";
import { targetReads, type Target } from "./target";

export function creationConformance(emulator: () => EmulatorClient, on: Target) {
  const { credits, reserved, errorBody } = targetReads(on);
  /** A gamma body whose JSON text is exactly `bytes` long. */
  const gammaOfSize = (bytes: number) => {
    const head = '{"model":"gamma-5-pro","prompt":"';
    return `${head}${"a".repeat(bytes - head.length - 2)}"}`;
  };

  describe("an accepted creation", () => {
    it("answers 202 with exactly the Task fields and deducts credits_reserved at once", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const res = await emu.create("images", apiKey, BODIES.gamma());
      expect(res.status).toBe(202);
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(Object.keys(res.body).sort()).toEqual([...TASK_FIELDS].sort());
      expect(res.body).toMatchObject({ status: "pending", model: "gamma-5-pro" });
      expect(await reserved(emu, apiKey, res.body)).toBe(44);
      expect(res.body.id).toMatch(/^task_\S+$/);
      expect(res.body.created_at).toMatch(ISO_MS);
      expect(res.body.updated_at).toBe(res.body.created_at);
      expect(await credits(emu, apiKey)).toBe(100_000 - 44);
    });

    it("starts epsilon-v6 tasks pending too under the default profile (initialStatus plays the family E sample)", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const res = await emu.create("videos", apiKey, BODIES.epsilon("a harbour [[hang]]"));
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: "pending", model: "epsilon-v6" });
      expect(await reserved(emu, apiKey, res.body)).toBe(3);
    });

    it("accepts delta-image-2 without an Idempotency-Key, deduplicating nothing", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const a = await emu.create("images", apiKey, BODIES.delta(), { key: null });
      const b = await emu.create("images", apiKey, BODIES.delta(), { key: null });
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(a.body.id).not.toBe(b.body.id);
      expect(await reserved(emu, apiKey, a.body)).toBe(10);
      expect(await credits(emu, apiKey)).toBe(100_000 - 20);
    });
  });

  describe("shared POST rules", () => {
    it("answers 415 for a Content-Type other than application/json, and accepts a charset parameter", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const plain = await emu.create("images", apiKey, JSON.stringify(BODIES.gamma()), { headers: { "content-type": "text/plain" } });
      expect(plain.status).toBe(415);
      expect(plain.body).toEqual(errorBody("unsupported_media_type"));
      const none = await emu.create("videos", apiKey, JSON.stringify(BODIES.epsilon()), { headers: { "content-type": null } });
      expect(none.status).toBe(415);
      const charset = await emu.create("images", apiKey, BODIES.gamma(), {
        headers: { "content-type": "application/json; charset=utf-8" },
      });
      expect(charset.status).toBe(202);
      expect(await credits(emu, apiKey)).toBe(100_000 - 44);
    });

    it("answers 413 for a body over 64 KiB and reads a body of exactly 64 KiB", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const over = await emu.create("images", apiKey, gammaOfSize(65_537));
      expect(over.status).toBe(413);
      expect(over.body).toEqual(errorBody("payload_too_large"));
      const exact = await emu.create("images", apiKey, gammaOfSize(65_536));
      expect(exact.status).toBe(422);
      expect(exact.body.error).toMatchObject({ code: "invalid_request", field: "prompt" });
      expect(await credits(emu, apiKey)).toBe(100_000);
    });

    it("answers 400 malformed_json for a body that is not JSON", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const res = await emu.create("videos", apiKey, '{"model": "alpha-2.3", "prompt": ');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody("malformed_json"));
    });

    it("answers 400 for a missing or invalid Idempotency-Key (delta-image-2 too, when it sends a bad one)", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      for (const key of [null, "", "has space", "100%", "k".repeat(129), "a/b"]) {
        const res = await emu.create("images", apiKey, BODIES.gamma(), { key });
        expect(res.status, `key ${JSON.stringify(key)}`).toBe(400);
        expect(res.body).toEqual(errorBody("invalid_idempotency_key"));
      }
      const video = await emu.create("videos", apiKey, BODIES.epsilon(), { key: null });
      expect(video.status).toBe(400);
      const delta = await emu.create("images", apiKey, BODIES.delta(), { key: "bad key" });
      expect(delta.status).toBe(400);
      const longest = await emu.create("images", apiKey, BODIES.gamma(), { key: `${"Az09.:_-".repeat(16)}` });
      expect(longest.status).toBe(202);
      expect(await credits(emu, apiKey)).toBe(100_000 - 44);
    });

    it("replays the same key and body (any key order) with 200, Idempotent-Replayed and the original task, charging once", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const key = newIdempotencyKey();
      const first = await emu.create("images", apiKey, { model: "gamma-5-pro", prompt: "a red kite", quality: "high" }, { key });
      expect(first.status).toBe(202);
      const again = await emu.create("images", apiKey, '{ "quality":"high",\n "prompt": "a red kite", "model":"gamma-5-pro" }', { key });
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      expect(await credits(emu, apiKey)).toBe(100_000 - 44);
    });

    it("answers 409 for the same key with another body, leaving the original task and charge alone", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const key = newIdempotencyKey();
      const first = await emu.create("videos", apiKey, BODIES.epsilon(), { key });
      expect(first.status).toBe(202);
      const other = await emu.create("videos", apiKey, { ...BODIES.epsilon(), duration: 2 }, { key });
      expect(other.status).toBe(409);
      expect(other.body).toEqual(errorBody("idempotency_conflict"));
      // The same key on the other endpoint is the same key.
      const elsewhere = await emu.create("images", apiKey, BODIES.gamma(), { key });
      expect(elsewhere.status).toBe(409);
      expect(await credits(emu, apiKey)).toBe(100_000 - (await reserved(emu, apiKey, first.body)));
      expect((await emu.getTask(apiKey, first.body.id)).body).toMatchObject({ id: first.body.id, model: "epsilon-v6" });
    });

    it("does not replay a task made on the other endpoint: same key and body on /v1/images after /v1/videos", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const key = newIdempotencyKey();
      expect((await emu.create("videos", apiKey, BODIES.epsilon(), { key })).status).toBe(202);
      const res = await emu.create("images", apiKey, BODIES.epsilon(), { key });
      // BUG: answers 200 Idempotent-Replayed with the epsilon-v6 video task, from the image endpoint.
      // The request is not the same (another endpoint), so it is a conflict (409), or an image request with
      // an invalid model (422) if keys were scoped per endpoint; never another endpoint's task.
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      expect([409, 422]).toContain(res.status);
    });

    it("scopes keys to the account and remembers only accepted creations", async () => {
      const emu = emulator();
      const [a, b] = [await emu.account(), await emu.account()];
      const key = newIdempotencyKey();
      const first = await emu.create("images", a.apiKey, BODIES.gamma(), { key });
      const second = await emu.create("images", b.apiKey, BODIES.gamma(), { key });
      expect([first.status, second.status]).toEqual([202, 202]);
      expect(second.body.id).not.toBe(first.body.id);
      expect(await credits(emu, b.apiKey)).toBe(100_000 - 44);

      const retryKey = newIdempotencyKey();
      const rejected = await emu.create("images", a.apiKey, { ...BODIES.gamma(), quality: "ultra" }, { key: retryKey });
      expect(rejected.status).toBe(422);
      const corrected = await emu.create("images", a.apiKey, BODIES.gamma(), { key: retryKey });
      expect(corrected.status).toBe(202);
    });
  });

  describe("routes", () => {
    it("answers 405 for another method on a known path and 404 for an unknown path", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const auth = { authorization: `Bearer ${apiKey}` };
      const wrongMethod = await emu.request("GET", "/v1/images/generations", { headers: auth });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.body).toEqual(errorBody("method_not_allowed"));
      const unknown = await emu.request("POST", "/v1/audio/generations", { body: BODIES.gamma(), headers: auth });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(errorBody("not_found"));
    });

    it("reads a refused request's small body before answering, and keeps the connection", async () => {
      // Answered and closed while the body was still arriving, a client could get a reset instead of the
      // answer (the fuzz saw "read ECONNRESET" for a 102-byte PUT on a busy machine).
      const emu = emulator();
      const { apiKey } = await emu.account();
      const body = JSON.stringify(BODIES.gamma());
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const url = new URL(emu.url);
        const put = request({
          host: url.hostname,
          port: url.port,
          method: "PUT",
          path: "/v1/images/generations",
          headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        });
        put.on("response", resolve);
        put.on("error", reject);
        put.flushHeaders();
        // The body follows the headers a moment later, as it may on a busy machine.
        setTimeout(() => put.end(body), 50);
      });
      answer.resume();
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.connection).not.toBe("close");
    });
  });

  describe("the order of checks on a creation", () => {
    it("401 comes before everything, and 403 (disabled) before 415", async () => {
      const emu = emulator();
      const bad = await emu.create("images", "sk-nobody", "not json", { headers: { "content-type": "text/plain" } });
      expect(bad.status).toBe(401);
      const { apiKey } = await emu.account({ disabled: true });
      const disabled = await emu.create("images", apiKey, "not json", { headers: { "content-type": "text/plain" } });
      if (on.gateway) {
        // Disabling a member revokes their tokens: the token is no longer valid at all.
        expect(disabled.status).toBe(401);
        return;
      }
      expect(disabled.status).toBe(403);
      expect(disabled.body).toEqual(errorBody("account_disabled"));
    });

    it("415, then 413, then 400 JSON, then 400 Idempotency-Key, then 409, then 422", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account();
      const tooBigText = await emu.create("images", apiKey, "x".repeat(70_000), { headers: { "content-type": "text/plain" } });
      expect(tooBigText.status).toBe(415);
      const tooBigBroken = await emu.create("images", apiKey, `{${"x".repeat(70_000)}`);
      expect(tooBigBroken.status).toBe(413);
      const brokenNoKey = await emu.create("images", apiKey, "{", { key: null });
      expect(brokenNoKey.body.error.code).toBe("malformed_json");
      const noKeyBadModel = await emu.create("images", apiKey, { model: "nope", prompt: "x" }, { key: null });
      expect(noKeyBadModel.body.error.code).toBe("invalid_idempotency_key");
      const key = newIdempotencyKey();
      expect((await emu.create("images", apiKey, BODIES.gamma(), { key })).status).toBe(202);
      const usedKeyBadBody = await emu.create("images", apiKey, { model: "nope" }, { key });
      expect(usedKeyBadBody.status).toBe(409);
    });

    it("fields (422) before prompt_blocked, and both before 402", async () => {
      const emu = emulator();
      const { apiKey } = await emu.account({ credits: 0 });
      const both = await emu.create("images", apiKey, { ...BODIES.gamma("a [[blocked]] scene"), aspect_ratio: "5:4" });
      expect(both.status).toBe(422);
      expect(both.body.error).toMatchObject({ code: "invalid_request", field: "aspect_ratio" });
      const blocked = await emu.create("images", apiKey, BODIES.gamma("a [[blocked]] scene"));
      if (on.gateway) {
        // The gateway queues what its schemas accept; the upstream's refusal comes when the queue sends it, and the
        // task then reads as failed with the upstream's code. Its 402 is a budget's (gateway.test.ts).
        expect(blocked.status).toBe(202);
        expect(await emu.waitFor(apiKey, blocked.body.id)).toMatchObject({ status: "failed", error: { code: "prompt_blocked" } });
        return;
      }
      expect(blocked.status).toBe(422);
      expect(blocked.body.error.code).toBe("prompt_blocked");
      const broke = await emu.create("images", apiKey, BODIES.gamma());
      expect(broke.status).toBe(402);
      expect(broke.body).toEqual(errorBody("insufficient_credits"));
    });
  });
}
